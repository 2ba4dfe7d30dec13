(define (domain toronto-vacation)
  (:requirements :strips :typing)
  (:types
    professional location laptop smartphone guidebook
  )
  (:predicates
    (in-hotel-room ?p - professional)
    (has-researched-attractions ?p - professional)
    (itinerary-planned ?p - professional)
    (reservations-booked ?p - professional)
    (has-internet-access ?l - location)
    (laptop-charged ?l - laptop)
  )

  (:action research_attractions
    :parameters (?l - location ?lp - laptop ?p - professional)
    :precondition (and (in-hotel-room ?p) (laptop-charged ?lp))
    :effect (and (has-researched-attractions ?p))
  )

  (:action plan_itinerary
    :parameters (?l - location ?s - smartphone ?p - professional ?g - guidebook)
    :precondition (and (has-researched-attractions ?p))
    :effect (and (itinerary-planned ?p))
  )

  (:action book_reservations
    :parameters (?l - location ?s - smartphone ?p - professional)
    :precondition (and (itinerary-planned ?p) (has-internet-access ?l))
    :effect (and (reservations-booked ?p))
  )
)
