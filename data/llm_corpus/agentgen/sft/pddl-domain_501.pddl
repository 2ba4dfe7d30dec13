(define (domain chatbot-service)
  (:requirements :strips)
  (:predicates
    (has-nlp-background)
    (has-database-access)
    (has-customer-service-dataset)
    (has-simulation-tools)
    (has-evaluation-mechanism)
    (chatbot-developed ?chatbot)
    (chatbot-trained ?chatbot)
    (chatbot-evaluated ?chatbot)
  )

  (:action develop
    :parameters (?chatbot)
    :precondition (and (has-nlp-background) (has-database-access))
    :effect (chatbot-developed ?chatbot)
  )

  (:action train
    :parameters (?chatbot)
    :precondition (and (chatbot-developed ?chatbot) (has-customer-service-dataset) (has-simulation-tools))
    :effect (chatbot-trained ?chatbot)
  )

  (:action evaluate
    :parameters (?chatbot)
    :precondition (and (chatbot-trained ?chatbot) (has-evaluation-mechanism))
    :effect (chatbot-evaluated ?chatbot)
  )
)
