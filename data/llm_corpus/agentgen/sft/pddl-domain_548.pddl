(define (domain garden-revitalization)
  (:requirements :strips)
  (:types state plant strategy resource)
  (:predicates
    (garden-state ?s - state)
    (plant-type ?p - plant)
    (strategy-chosen ?str - strategy)
    (resource-available ?r - resource)
    (suitable-resource ?str - strategy ?r - resource)
    (effect-on-growth ?r - resource)
  )

  (:action choosestrategy
    :parameters (?s - state ?p - plant ?str - strategy)
    :precondition (and (garden-state ?s) (plant-type ?p))
    :effect (strategy-chosen ?str)
  )

  (:action useresource
    :parameters (?str - strategy ?r - resource)
    :precondition (and (strategy-chosen ?str) (resource-available ?r) (suitable-resource ?str ?r))
    :effect (effect-on-growth ?r)
  )
)
