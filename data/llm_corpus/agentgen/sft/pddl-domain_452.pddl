(define (domain knowledge-transfer)
  (:requirements :strips)
  (:types process employee documentation_tool feedback_mechanism)
  
  (:predicates
    (knows ?e - employee ?p - process)
    (documented ?p - process)
    (trained ?e - employee ?p - process)
    (evaluated ?p - process ?e - employee)
  )

  (:action document_process
    :parameters (?p - process ?e - employee ?dt - documentation_tool)
    :precondition (knows ?e ?p)
    :effect (documented ?p)
  )

  (:action train_employee
    :parameters (?p - process ?trainer - employee ?trainee - employee)
    :precondition (and (knows ?trainer ?p) (documented ?p))
    :effect (trained ?trainee ?p)
  )

  (:action evaluate_transfer_effectiveness
    :parameters (?p - process ?trainee - employee ?fm - feedback_mechanism)
    :precondition (trained ?trainee ?p)
    :effect (evaluated ?p ?trainee)
  )
)
