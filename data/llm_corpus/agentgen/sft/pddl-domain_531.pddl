(define (domain innovative-popcorn)
  (:requirements :strips)
  (:predicates
    (identified ?ingredient)
    (researched ?ingredient)
    (hypothesized ?recipe ?ingredient)
    (prototype-created ?recipe)
    (taste-tested ?recipe)
    (visually-inspected ?recipe)
  )

  (:action research
    :parameters (?ingredient ?recipe) ; Corrected by adding ?recipe
    :precondition (identified ?ingredient)
    :effect (and (researched ?ingredient)
                 (not (identified ?ingredient))
                 (hypothesized ?recipe ?ingredient))
  )

  (:action test
    :parameters (?recipe ?ingredient)
    :precondition (and (researched ?ingredient) (hypothesized ?recipe ?ingredient))
    :effect (and (prototype-created ?recipe)
                 (taste-tested ?recipe)
                 (visually-inspected ?recipe))
  )
)
