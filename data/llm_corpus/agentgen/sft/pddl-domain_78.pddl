(define (domain function-key-disabling)
  (:requirements :strips)
  (:predicates
    (chosen-os ?os)
    (researched ?os)
    (analyzed-software ?os)
    (evaluated-user-experience ?os)
  )

  (:action research
    :parameters (?os)
    :precondition (chosen-os ?os)
    :effect (and (researched ?os)
                 (not (chosen-os ?os)))
  )

  (:action analyze
    :parameters (?os)
    :precondition (researched ?os)
    :effect (analyzed-software ?os)
  )

  (:action evaluate
    :parameters (?os)
    :precondition (and (researched ?os) (analyzed-software ?os))
    :effect (evaluated-user-experience ?os)
  )
)
