(define (domain cooking-assistant)
  (:requirements :strips)
  (:predicates
    (knowledge-of-culinary-techniques)
    (access-to-recipes)
    (cooking-assistant-programmed ?assistant)
    (database-of-culinary-faqs)
    (interactive-conversation-simulation-capability)
    (cooking-assistant-integrated-QA ?assistant)
    (user-feedback-collected ?assistant)
    (improvements-identified)
  )

  (:action program
    :parameters (?assistant)
    :precondition (and (knowledge-of-culinary-techniques) (access-to-recipes))
    :effect (and (cooking-assistant-programmed ?assistant))
  )

  (:action integrate
    :parameters (?assistant)
    :precondition (and (database-of-culinary-faqs) (interactive-conversation-simulation-capability) (cooking-assistant-programmed ?assistant))
    :effect (and (cooking-assistant-integrated-QA ?assistant))
  )

  (:action test
    :parameters (?assistant)
    :precondition (and (cooking-assistant-programmed ?assistant) (cooking-assistant-integrated-QA ?assistant))
    :effect (and (user-feedback-collected ?assistant) (improvements-identified))
  )
)
