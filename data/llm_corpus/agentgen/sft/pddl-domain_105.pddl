(define (domain nyc-tourism)
  (:requirements :strips)
  (:types attraction cuisine location daytime - object)

  (:predicates
    (researched ?a - attraction)
    (knows-dining ?c - cuisine ?l - location)
    (planned-visit ?a - attraction ?d - daytime)
    (recommended-dining ?c - cuisine ?l - location)
    (itinerary-organized)
    (experience-enriched)
  )

  (:action planvisit
    :parameters (?a - attraction ?d - daytime)
    :precondition (researched ?a)
    :effect (and (planned-visit ?a ?d)
                 (itinerary-organized)
    )
  )

  (:action recommenddining
    :parameters (?c - cuisine ?l - location)
    :precondition (knows-dining ?c ?l)
    :effect (and (recommended-dining ?c ?l)
                 (experience-enriched)
    )
  )
)
