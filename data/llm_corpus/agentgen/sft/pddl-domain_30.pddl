(define (domain startup-venture)
  (:requirements :strips)
  (:predicates
    (understands-codebase)
    (has-market-research-data)
    (has-technology-application-knowledge)
    (has-market-segment-knowledge)
    (has-detailed-technical-analysis)
    (has-infrastructure-understanding)
    (report-ready ?report)
    (list-of-potential-customers-ready)
    (scalability-report-ready)
  )

  (:action analyze
    :parameters (?codebase ?market-needs)
    :precondition (and (understands-codebase) (has-market-research-data))
    :effect (report-ready ?codebase)
  )

  (:action identify
    :parameters (?potential-customers ?technology-application)
    :precondition (and (has-technology-application-knowledge) (has-market-segment-knowledge))
    :effect (list-of-potential-customers-ready)
  )

  (:action evaluate
    :parameters (?scalability ?technology)
    :precondition (and (has-detailed-technical-analysis) (has-infrastructure-understanding))
    :effect (scalability-report-ready)
  )
)
