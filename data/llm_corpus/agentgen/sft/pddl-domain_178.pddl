(define (domain shanghai-tour-planner)
  (:requirements :strips)
  (:predicates
    (database-updated)
    (itinerary-generated ?itinerary)
    (itinerary-optimized ?itinerary)
    (feedback-received ?feedback)
    (real-time-data-available)
    (routing-algorithm-efficient)
    (tourist-preferences-known ?preferences)
    (attractions-listed ?attractions)
    (time-constraints-known ?constraints)
    (communication-established)
  )

  (:action compile
    :parameters (?preferences ?attractions)
    :precondition (and (database-updated) (tourist-preferences-known ?preferences) (attractions-listed ?attractions))
    :effect (and (itinerary-generated ?attractions))
  )

  (:action optimize
    :parameters (?itinerary ?constraints)
    :precondition (and (itinerary-generated ?itinerary) (time-constraints-known ?constraints) (real-time-data-available) (routing-algorithm-efficient))
    :effect (and (itinerary-optimized ?itinerary))
  )

  (:action update
    :parameters (?itinerary ?feedback)
    :precondition (and (itinerary-generated ?itinerary) (feedback-received ?feedback) (communication-established))
    :effect (and (not (itinerary-optimized ?itinerary)) (itinerary-generated ?itinerary))
  )
)
