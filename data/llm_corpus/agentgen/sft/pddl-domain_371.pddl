(define (domain mathematical-analysis)
  (:requirements :strips)
  (:predicates
    (identified-concepts ?concept)
    (researching ?concept)
    (understands-differences ?concept)
    (explored-implications ?concept ?application)
  )

  (:action research-definitions
    :parameters (?concept ?context)
    :precondition (and (identified-concepts ?concept) (researching ?concept))
    :effect (and (understands-differences ?concept))
  )

  (:action analyze-implications
    :parameters (?concept ?application ?impact)
    :precondition (and (understands-differences ?concept))
    :effect (and (explored-implications ?concept ?application))
  )
)
