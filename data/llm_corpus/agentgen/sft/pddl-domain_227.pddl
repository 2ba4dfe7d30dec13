(define (domain stock-market-analysis)
  (:requirements :strips)
  (:predicates
    (access-to-economic-data)
    (has-market-analysis-tools)
    (understands-behavioral-finance)
    (comprehensive-view-of-events)
    (has-hypothesis)
    (analysis-completed)
    (foundational-understanding-of-economy)
    (insight-into-psychological-resilience)
    (understanding-of-external-influences)
    (deeper-insight-into-market-dynamics)
    (knowledge-ready-for-dissemination)
  )

  (:action research
    :parameters (?economic-indicators ?market-trends)
    :precondition (and (access-to-economic-data) (has-market-analysis-tools))
    :effect (and (foundational-understanding-of-economy))
  )

  (:action analyze
    :parameters (?investor-psychology ?news-impact)
    :precondition (understands-behavioral-finance)
    :effect (and (insight-into-psychological-resilience))
  )

  (:action evaluate
    :parameters (?external-influences ?market-resilience)
    :precondition (comprehensive-view-of-events)
    :effect (and (understanding-of-external-influences))
  )

  (:action propose
    :parameters (?theories ?correlation-analysis)
    :precondition (has-hypothesis)
    :effect (and (deeper-insight-into-market-dynamics))
  )

  (:action present
    :parameters (?findings ?recommendations)
    :precondition (and (analysis-completed) (foundational-understanding-of-economy) 
                       (insight-into-psychological-resilience) (understanding-of-external-influences) 
                       (deeper-insight-into-market-dynamics))
    :effect (and (knowledge-ready-for-dissemination))
  )
)
