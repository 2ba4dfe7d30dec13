(define (domain tire-repair-assistant)
  (:requirements :strips)
  (:predicates
    (knowledge-of-automotive-repair)
    (access-to-repair-resources)
    (repair-assistant-programmed)
    (database-of-FAQs)
    (interactive-conversation-simulated)
    (repair-assistant-integrated)
    (feedback-collected)
    (improvements-identified)
  )

  (:action program
    :parameters (?assistant - object ?comprehension - object)
    :precondition (and (knowledge-of-automotive-repair) (access-to-repair-resources))
    :effect (repair-assistant-programmed)
  )

  (:action integrate
    :parameters (?assistant - object ?interactiveQA - object)
    :precondition (and (repair-assistant-programmed) (database-of-FAQs) (interactive-conversation-simulated))
    :effect (repair-assistant-integrated)
  )

  (:action test
    :parameters (?assistant - object ?satisfaction - object)
    :precondition (and (repair-assistant-integrated) (feedback-collected))
    :effect (improvements-identified)
  )
)
