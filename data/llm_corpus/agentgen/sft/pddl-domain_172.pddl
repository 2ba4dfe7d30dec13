(define (domain software-entrepreneur-simulation)
  (:requirements :strips)
  (:predicates
    (project-completed ?client)
    (project-proposal-accepted ?client)
    (potential-client ?client)
    (portfolio-expanded ?client)
    (business-reputation-enhanced)
    (client-base-expanded)
  )

  (:action draft-zero-invoice
    :parameters (?client)
    :precondition (project-completed ?client)
    :effect (and (portfolio-expanded ?client))
  )

  (:action manage-client-projects
    :parameters (?client)
    :precondition (project-proposal-accepted ?client)
    :effect (and (project-completed ?client)
                 (business-reputation-enhanced))
  )

  (:action network-with-potential-clients
    :parameters (?client)
    :precondition (potential-client ?client)
    :effect (and (client-base-expanded)
                 (project-proposal-accepted ?client))
  )
)
