(define (domain banana-muffin-recipe)
  (:requirements :strips)
  (:predicates
    (ingredients-gathered)
    (batter-prepared)
    (muffins-baked)
    (nutritional-info-known)
  )

  (:action combine
    :parameters ()
    :precondition (ingredients-gathered)
    :effect (and (batter-prepared)
                 (not (ingredients-gathered)))
  )

  (:action bake
    :parameters ()
    :precondition (batter-prepared)
    :effect (and (muffins-baked)
                 (not (batter-prepared)))
  )

  (:action explain
    :parameters ()
    :precondition (nutritional-info-known)
    :effect (and) ; Corrected by adding a no-op effect.
  )
)
