(define (domain digital-scent-synthesizer)
  (:requirements :strips)
  (:predicates
    (has-olfactory-tools)
    (has-smell-samples)
    (has-basic-odors-list)
    (has-olfactory-knowledge)
    (has-engineering-expertise)
    (synthesizer-designed)
    (has-controlled-environment)
    (has-test-panel)
    (testing-completed)
  )

  (:action identify-basic-odors
    :parameters (?methods)
    :precondition (and (has-olfactory-tools) (has-smell-samples))
    :effect (and (has-basic-odors-list))
  )

  (:action design-synthesizer
    :parameters (?prototype ?compounds)
    :precondition (and (has-basic-odors-list) (has-olfactory-knowledge) (has-engineering-expertise))
    :effect (and (synthesizer-designed))
  )

  (:action test-synthesizer
    :parameters (?synthesizer ?smells)
    :precondition (and (synthesizer-designed) (has-controlled-environment) (has-test-panel))
    :effect (and (testing-completed))
  )
)
