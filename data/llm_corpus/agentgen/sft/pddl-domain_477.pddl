(define (domain immortal-chronicles)
  (:requirements :strips :typing)
  (:types
    year ; Define the 'year' type that is used throughout the domain
  )
  (:predicates
    (chronicle-written ?y - year)
    (chronicle-hidden ?y - year)
    (archaeologists-guided ?y - year)
    (year-completed ?y - year)
  )

  (:action write
    :parameters (?y - year)
    :precondition (year-completed ?y)
    :effect (and (chronicle-written ?y)
                 (not (year-completed ?y)))
  )

  (:action hide
    :parameters (?y - year)
    :precondition (chronicle-written ?y)
    :effect (chronicle-hidden ?y)
  )

  (:action guide
    :parameters (?y - year)
    :precondition (chronicle-hidden ?y)
    :effect (archaeologists-guided ?y)
  )
)
