(define (domain mba-analysis)
  (:requirements :strips)
  (:types source data_type topic stakeholder_type questions objective)

  (:predicates
    (credible ?s - source)
    (appropriate ?dt - data_type ?t - topic)
    (accessible ?st - stakeholder_type)
    (willing ?st - stakeholder_type)
    (designed ?q - questions ?o - objective)
    (has_data ?t - topic)
    (has_insights ?o - objective)
  )

  (:action gatherData
    :parameters (?s - source ?dt - data_type ?t - topic)
    :precondition (and (credible ?s) (appropriate ?dt ?t))
    :effect (has_data ?t)
  )

  (:action interviewStakeholders
    :parameters (?st - stakeholder_type ?q - questions ?o - objective)
    :precondition (and (accessible ?st) (willing ?st) (designed ?q ?o))
    :effect (has_insights ?o)
  )
)
