(define (domain policy_analysis)
  (:requirements :strips)
  (:predicates
    (in-office ?analyst)
    (has-conducted-research ?analyst)
    (has-analyzed-arguments ?analyst)
    (has-access-to ?analyst ?item)
    (computer-in ?location)
    (reports-in ?location)
    (platform-in ?location)
  )

  (:action research_net_neutrality
    :parameters (?location ?computer ?analyst)
    :precondition (and (in-office ?analyst) (computer-in ?location))
    :effect (has-conducted-research ?analyst)
  )

  (:action analyze_arguments
    :parameters (?location ?reports ?analyst ?computer)
    :precondition (and (in-office ?analyst) (has-conducted-research ?analyst) (reports-in ?location) (computer-in ?location))
    :effect (has-analyzed-arguments ?analyst)
  )

  (:action draft_recommendation
    :parameters (?location ?platform ?analyst ?reports)
    :precondition (and (in-office ?analyst) (has-analyzed-arguments ?analyst) (platform-in ?location))
    :effect (and (has-access-to ?analyst ?platform)
                 (not (has-conducted-research ?analyst)) ; Assuming the need to update research after drafting
    )
  )
)
