(define (domain scala-underscore-guide)
  (:requirements :strips :typing)
  (:types location workstation developer use_case)
  (:predicates
    (has_access_to_documentation ?developer - developer)
    (identified_uses ?developer - developer)
    (created_examples ?developer - developer ?use_case - use_case)
    (compiled_guide ?developer - developer)
    (at ?developer - developer ?location - location)
    (has_workstation ?location - location ?workstation - workstation)
  )

  (:action identify_underscore_uses
    :parameters (?location - location ?workstation - workstation ?developer - developer)
    :precondition (and (at ?developer ?location) (has_workstation ?location ?workstation) (has_access_to_documentation ?developer))
    :effect (identified_uses ?developer)
  )

  (:action create_explanatory_examples
    :parameters (?location - location ?use_case - use_case ?developer - developer)
    :precondition (and (at ?developer ?location) (identified_uses ?developer))
    :effect (created_examples ?developer ?use_case)
  )

  (:action compile_guide
    :parameters (?location - location ?workstation - workstation ?developer - developer ?examples - use_case)
    :precondition (and (at ?developer ?location) (has_workstation ?location ?workstation) (identified_uses ?developer) (created_examples ?developer ?examples))
    :effect (compiled_guide ?developer)
  )
)
