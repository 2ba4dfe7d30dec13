(define (domain presentation-preparation)
  (:requirements :strips)
  (:predicates
    (key-points-selected)
    (slides-prepared)
    (presentation-practiced)
  )

  (:action select-key-points
    :parameters ()
    :precondition (and)
    :effect (and (key-points-selected))
  )

  (:action design-slides
    :parameters ()
    :precondition (and (key-points-selected))
    :effect (and (slides-prepared))
  )

  (:action practice-presentation
    :parameters ()
    :precondition (and (slides-prepared))
    :effect (and (presentation-practiced))
  )
)
