(define (domain stlouis-budget-travel)
  (:requirements :strips)
  (:predicates
    (access-to-transport-data)
    (researched-transport-options)
    (verified-offers)
    (compiled-discounts)
    (knowledge-of-city-geography)
    (drafted-walking-routes)
    (guide-published)
    (feedback-received)
    (safety-and-reliability-verified)
    (guide-is-user-friendly)
    (offers-are-up-to-date)
  )

  (:action research
    :parameters (?options)
    :precondition (access-to-transport-data)
    :effect (and (researched-transport-options)
                 (safety-and-reliability-verified)
    )
  )

  (:action compile
    :parameters (?offers)
    :precondition (and (researched-transport-options) (verified-offers))
    :effect (and (compiled-discounts)
                 (offers-are-up-to-date)
    )
  )

  (:action draft
    :parameters (?routes)
    :precondition (knowledge-of-city-geography)
    :effect (drafted-walking-routes)
  )

  (:action evaluate
    :parameters (?guide)
    :precondition (and (guide-published) (feedback-received))
    :effect (guide-is-user-friendly)
  )
)
