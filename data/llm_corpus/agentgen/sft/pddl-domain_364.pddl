(define (domain pizza-ordering)
  (:requirements :strips)
  (:predicates
    (understands-preferences)
    (preferences-collected ?group)
    (preferences-analyzed ?group)
    (order-decided ?order)
    (order-placed ?order)
    (feedback-collected ?group)
    (api-access)
    (pizza-consumed ?group)
  )

  (:action collect-preferences
    :parameters (?group)
    :precondition (understands-preferences)
    :effect (preferences-collected ?group)
  )

  (:action analyze-preferences
    :parameters (?group ?order)
    :precondition (preferences-collected ?group)
    :effect (and (preferences-analyzed ?group) (order-decided ?order))
  )

  (:action place-order
    :parameters (?order)
    :precondition (and (order-decided ?order) (api-access))
    :effect (order-placed ?order)
  )

  (:action collect-feedback
    :parameters (?group)
    :precondition (pizza-consumed ?group)
    :effect (feedback-collected ?group)
  )
)
