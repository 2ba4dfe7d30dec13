(define (domain pizza-ordering)
  (:requirements :strips)
  (:types
    user group ; Assuming 'user' and 'group' are the types needed for this domain.
  )
  (:predicates
    (preferences-inputted ?user - user)
    (pizzerias-updated)
    (location-determined ?group - group)
    (preferences-aggregated ?group - group)
    (pizzerias-evaluated ?group - group)
    (order-suggested ?group - group)
  )

  (:action aggregatepreferences
    :parameters (?user - user ?group - group)
    :precondition (preferences-inputted ?user)
    :effect (preferences-aggregated ?group)
  )

  (:action evaluatepizzerias
    :parameters (?group - group)
    :precondition (and (pizzerias-updated) (location-determined ?group))
    :effect (pizzerias-evaluated ?group)
  )

  (:action suggestorder
    :parameters (?group - group)
    :precondition (and (preferences-aggregated ?group) (pizzerias-evaluated ?group))
    :effect (order-suggested ?group)
  )
)
