(define (domain dynamic-europe-travel)
  (:requirements :strips)
  (:predicates
    (reliable-data-sources)
    (user-input-ready)
    (travel-plan-created)
    (need-for-change-detected)
    (travel-plan-updated)
    (includes-three-countries)
    (prioritizes-safety)
    (feasible-changes)
    (enhances-experience)
    (responsive-tool)
    (personalized-service)
    (adaptive-planning)
  )

  (:action gather
    :parameters ()
    :precondition (and (reliable-data-sources) (user-input-ready))
    :effect (and (travel-plan-created) (includes-three-countries) (responsive-tool) (personalized-service) (adaptive-planning))
  )

  (:action adjust
    :parameters ()
    :precondition (and (need-for-change-detected) (travel-plan-created))
    :effect (and (travel-plan-updated) (prioritizes-safety) (feasible-changes) (enhances-experience))
  )
)
