(define (domain less-guide)
  (:requirements :strips)
  (:predicates (understands-command ?user)
               (knows-feature ?user ?feature)
               (informed-user ?user))

  (:action explaincommand
    :parameters (?user ?command ?scenario ?explanation)
    :precondition (understands-command ?user)
    :effect (informed-user ?user))

  (:action uncoverfeature
    :parameters (?user ?feature ?benefit)
    :precondition (and (not (knows-feature ?user ?feature))
                       (understands-command ?user))
    :effect (and (knows-feature ?user ?feature)
                 (informed-user ?user)))
)
