(define (domain creativity-retention)
  (:requirements :strips)
  (:predicates
    (has-ideas)
    (experimented-with-method ?m)
    (documented-observations ?m)
    (analyzed-effect ?m)
  )

  (:action experiment-method
    :parameters (?m ?e) ; Removed typing since it's not defined or required by :strips
    :precondition (has-ideas)
    :effect (and (experimented-with-method ?m)
                 (documented-observations ?m))
  )

  (:action analyze-effect
    :parameters (?m ?a) ; Removed typing for consistency
    :precondition (and (experimented-with-method ?m) (documented-observations ?m))
    :effect (analyzed-effect ?m)
  )
)
