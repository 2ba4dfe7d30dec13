(define (domain team-night-out)
  (:requirements :strips :typing)
  (:types
    type mode
  )
  (:predicates
    (info-gathered)
    (restaurant-researched ?type - type)
    (show-selected ?type - type)
    (transportation-estimated ?mode - mode)
    (restaurant-and-show-selected)
    (budget-estimated)
  )

  (:action researchDinnerOptions
    :parameters (?type - type ?budget - type)
    :precondition (info-gathered)
    :effect (restaurant-researched ?type)
  )

  (:action selectShow
    :parameters (?type - type ?priceRange - type)
    :precondition (info-gathered)
    :effect (show-selected ?type)
  )

  (:action estimateTransportationCosts
    :parameters (?distance - type ?mode - mode)
    :precondition (restaurant-and-show-selected)
    :effect (transportation-estimated ?mode)
  )

  (:action compileBudgetEstimate
    :parameters (?type - type ?mode - mode)
    :precondition (and (restaurant-researched ?type) (show-selected ?type) (transportation-estimated ?mode))
    :effect (budget-estimated)
  )
)
