(define (domain java-io-tutorial)
  (:requirements :strips)
  (:predicates
    (basic-understanding-java-io)
    (use-cases-identified)
    (use-cases-understood)
    (code-examples-ready)
    (code-explained)
    (faq-compiled)
    (tutorial-materials-complete)
    (tutorial-published)
  )

  (:action identify_use_cases
    :parameters (?stream_types)
    :precondition (basic-understanding-java-io)
    :effect (and (use-cases-identified)
                 (use-cases-understood))
  )

  (:action create_code_examples
    :parameters (?stream_uses)
    :precondition (use-cases-understood)
    :effect (code-examples-ready)
  )

  (:action explain_code_snippets
    :parameters (?code_examples)
    :precondition (code-examples-ready)
    :effect (code-explained)
  )

  (:action compile_faq_section
    :parameters (?common_questions)
    :precondition (use-cases-identified)
    :effect (faq-compiled)
  )

  (:action publish_tutorial_online
    :parameters (?tutorial_materials)
    :precondition (and (code-explained) (faq-compiled) (tutorial-materials-complete))
    :effect (tutorial-published)
  )
)
