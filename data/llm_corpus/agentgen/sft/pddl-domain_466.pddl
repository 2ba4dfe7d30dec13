(define (domain database-design-evaluation)
  (:requirements :strips)
  (:predicates
    (understands-schema)
    (has-queries)
    (knows-performance-metrics)
    (understands-scalability-principles)
    (data-integrity-analyzed ?table)
    (performance-assessed ?query ?table)
    (scalability-explored ?design)
  )

  (:action evaluateintegrity
    :parameters (?table ?relationship ?constraints)
    :precondition (and (understands-schema))
    :effect (and (data-integrity-analyzed ?table))
  )

  (:action assessperformance
    :parameters (?query ?table ?performance)
    :precondition (and (has-queries) (knows-performance-metrics))
    :effect (and (performance-assessed ?query ?table))
  )

  (:action explorescalability
    :parameters (?design ?scalability)
    :precondition (and (understands-scalability-principles))
    :effect (and (scalability-explored ?design))
  )
)
