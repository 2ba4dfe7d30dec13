(define (domain language-learning-plan)
  (:requirements :strips)
  (:types language learning-style resource-type justification learning-method integration-plan)

  (:predicates
    (preferences-identified ?l - language ?ls - learning-style)
    (resource-potential-identified ?rt - resource-type ?j - justification)
    (resource-selected ?l - language ?ls - learning-style ?rt - resource-type)
    (method-compatible ?lm - learning-method ?rt - resource-type)
    (plan-defined ?ip - integration-plan)
    (learning-method-integrated ?lm - learning-method ?rt - resource-type)
  )

  (:action selectresource
    :parameters (?l - language ?ls - learning-style ?rt - resource-type ?j - justification)
    :precondition (and (preferences-identified ?l ?ls) (resource-potential-identified ?rt ?j))
    :effect (resource-selected ?l ?ls ?rt)
  )

  (:action integratelearningmethod
    :parameters (?rt - resource-type ?lm - learning-method ?ip - integration-plan)
    :precondition (and (method-compatible ?lm ?rt) (plan-defined ?ip))
    :effect (learning-method-integrated ?lm ?rt)
  )
)
