(define (domain empty-bowl-realm)
  (:requirements :strips)
  (:predicates
    (heard-of-realm ?cat)
    (in-empty-bowl-realm ?cat)
    (explored-location ?cat ?location)
    (has-clues ?cat)
    (solved-mystery ?cat))

  (:action ventureIntoRealm
    :parameters (?cat)
    :precondition (heard-of-realm ?cat)
    :effect (and (in-empty-bowl-realm ?cat)
                 (not (heard-of-realm ?cat))))

  (:action searchForFood
    :parameters (?cat ?location)
    :precondition (in-empty-bowl-realm ?cat)
    :effect (explored-location ?cat ?location))

  (:action solveMystery
    :parameters (?cat ?solution)
    :precondition (and (in-empty-bowl-realm ?cat) (explored-location ?cat ?solution))
    :effect (and (solved-mystery ?cat)
                 (not (in-empty-bowl-realm ?cat))
                 (not (explored-location ?cat ?solution))))
)
