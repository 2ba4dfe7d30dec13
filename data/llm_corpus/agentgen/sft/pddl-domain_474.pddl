(define (domain resistance-movement)
  (:requirements :strips)
  (:predicates
    (access-to-police-operations)
    (knowledge-of-surveillance-methods)
    (knowledge-of-dress-code)
    (creative-thinking)
    (protocols-designed)
    (members-trained)
    (location-secure)
    (members-willing)
  )

  (:action analyze
    :parameters (?surveillance-methods ?dress-code-enforcement)
    :precondition (access-to-police-operations)
    :effect (knowledge-of-surveillance-methods)
  )

  (:action design
    :parameters (?disguise-protocols ?resistance-operations)
    :precondition (and (knowledge-of-dress-code) (creative-thinking))
    :effect (protocols-designed)
  )

  (:action implement
    :parameters (?counter-surveillance-training ?resistance-members)
    :precondition (and (protocols-designed) (members-willing) (location-secure))
    :effect (members-trained)
  )
)
