(define (domain european-tour)
  (:requirements :strips)
  (:predicates
    (has-reliable-sources)
    (understands-group-preferences)
    (itinerary-finalized)
    (bookings-confirmed)
    (open-to-feedback)
    (well-informed-itinerary ?itinerary)
    (feasible-itinerary ?itinerary)
    (travelers-informed ?itinerary)
    (itinerary-adjusted ?itinerary)
  )

  (:action research
    :parameters (?destinations ?events ?attractions)
    :precondition (has-reliable-sources)
    :effect (well-informed-itinerary ?destinations)
  )

  (:action plan
    :parameters (?itinerary ?group-preferences ?logistics)
    :precondition (and (understands-group-preferences) (well-informed-itinerary ?itinerary))
    :effect (feasible-itinerary ?itinerary)
  )

  (:action communicate
    :parameters (?itinerary ?travelers)
    :precondition (and (itinerary-finalized) (bookings-confirmed))
    :effect (travelers-informed ?itinerary)
  )

  (:action adjust
    :parameters (?itinerary ?feedback)
    :precondition (open-to-feedback)
    :effect (itinerary-adjusted ?itinerary)
  )
)
