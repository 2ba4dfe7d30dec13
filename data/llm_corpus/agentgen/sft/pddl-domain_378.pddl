(define (domain airline-customer-service)
  (:requirements :strips)
  (:predicates
    (at-headquarters ?manager)
    (has-computer-access ?manager)
    (has-policy-documents ?manager)
    (has-customer-feedback-data ?manager)
    (evaluated-current-policies ?manager)
    (gathered-customer-feedback ?manager)
    (developed-policy-recommendations ?manager)
    (has-communication-platform-access ?manager)
  )

  (:action evaluate_current_policies
    :parameters (?location ?computer ?manager)
    :precondition (and (at-headquarters ?manager) (has-computer-access ?manager) (has-policy-documents ?manager))
    :effect (evaluated-current-policies ?manager)
  )

  (:action gather_customer_feedback
    :parameters (?location ?computer ?manager)
    :precondition (and (at-headquarters ?manager) (has-computer-access ?manager) (has-customer-feedback-data ?manager))
    :effect (gathered-customer-feedback ?manager)
  )

  (:action develop_policy_recommendations
    :parameters (?location ?team ?manager ?feedback ?current_policies)
    :precondition (and (evaluated-current-policies ?manager) (gathered-customer-feedback ?manager))
    :effect (developed-policy-recommendations ?manager)
  )

  (:action implement_communication_strategy
    :parameters (?location ?platform ?manager ?recommendations)
    :precondition (and (at-headquarters ?manager) (has-communication-platform-access ?manager) (developed-policy-recommendations ?manager))
    :effect (and 
              (has-communication-platform-access ?manager) ; Assuming the manager retains access for future communications
            )
  )
)
