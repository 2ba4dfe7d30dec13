(define (domain mathematical-strength)
  (:requirements :strips :typing)
  (:types mathematician mathematical_structure conceptual_framework)
  (:predicates
    (understands ?person - mathematician ?structure - mathematical_structure)
    (framework-defined ?framework - conceptual_framework)
    (framework-applicable ?framework - conceptual_framework ?structure - mathematical_structure)
    (has-feedback ?framework - conceptual_framework)
    (framework-refined ?framework - conceptual_framework)
  )

  (:action define_framework
    :parameters (?framework - conceptual_framework ?structure - mathematical_structure ?person - mathematician)
    :precondition (understands ?person ?structure)
    :effect (and (framework-defined ?framework)
                 (framework-applicable ?framework ?structure))
  )

  (:action apply_framework
    :parameters (?framework - conceptual_framework ?structure - mathematical_structure ?person - mathematician)
    :precondition (and (framework-defined ?framework)
                       (framework-applicable ?framework ?structure)
                       (understands ?person ?structure))
    :effect (has-feedback ?framework)
  )

  (:action refine_framework
    :parameters (?framework - conceptual_framework ?person - mathematician)
    :precondition (has-feedback ?framework)
    :effect (framework-refined ?framework)
  )
)
