(define (domain string-concatenation)
  (:requirements :strips)
  (:predicates
    (method-ready)
    (benchmark-completed)
    (identified ?method)
    (optimized ?segment)
  )

  (:action benchmark
    :parameters (?method)
    :precondition (method-ready)
    :effect (and
              (benchmark-completed)
              (identified ?method)
            )
  )

  (:action optimize
    :parameters (?segment ?method)
    :precondition (and
                    (benchmark-completed)
                    (identified ?method)
                  )
    :effect (optimized ?segment)
  )
)
