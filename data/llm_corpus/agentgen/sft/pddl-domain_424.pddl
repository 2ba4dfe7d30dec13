(define (domain smart-city-traffic)
  (:requirements :strips)
  (:predicates
    (has-traffic-data ?data)
    (dynamic-system)
    (identified-congestion ?area)
    (collected-post-implementation-data)
    (traffic-pattern-understood ?time)
    (routing-plan-updated)
    (traffic-control-measures-implemented ?area)
    (system-performance-evaluated)
  )

  (:action analyze
    :parameters (?data ?time)
    :precondition (has-traffic-data ?data)
    :effect (traffic-pattern-understood ?time)
  )

  (:action update
    :parameters (?plan ?conditions)
    :precondition (dynamic-system)
    :effect (routing-plan-updated)
  )

  (:action implement
    :parameters (?measures ?area)
    :precondition (identified-congestion ?area)
    :effect (traffic-control-measures-implemented ?area)
  )

  (:action evaluate
    :parameters (?performance ?after)
    :precondition (collected-post-implementation-data)
    :effect (system-performance-evaluated)
  )
)
