(define (domain rpg-mechanics-analysis)
  (:requirements :strips)
  (:predicates
    (researched ?mechanical-difference)
    (compared ?mechanical-aspects ?levels)
    (identified ?mechanical-aspect)
  )

  (:action research
    :parameters (?mechanical-difference)
    :precondition (identified ?mechanical-difference)
    :effect (researched ?mechanical-difference)
  )

  (:action compare
    :parameters (?mechanical-aspects ?levels)
    :precondition (researched ?mechanical-aspects)
    :effect (compared ?mechanical-aspects ?levels)
  )
)
