(define (domain git-management)
  (:requirements :strips)
  (:types
    commit mode notation_type scenario action outcome
  )
  (:predicates
    (commit-exists ?c - commit)
    (need-to-reference ?n - notation_type)
    (workflow-chosen ?w - scenario)
    (stress-identified ?s - action)
    (project-state ?mode - mode)
    (understands-notation)
    (workflow-applied)
    (stress-managed)
  )

  (:action revert_changes
    :parameters (?c - commit ?mode - mode)
    :precondition (commit-exists ?c)
    :effect (and (project-state ?mode)
                 (not (stress-managed))))

  (:action understand_notation
    :parameters (?n - notation_type)
    :precondition (need-to-reference ?n)
    :effect (understands-notation))

  (:action apply_workflow
    :parameters (?w - scenario)
    :precondition (workflow-chosen ?w)
    :effect (workflow-applied))

  (:action manage_stress
    :parameters (?s - action ?o - outcome)
    :precondition (stress-identified ?s)
    :effect (stress-managed))
)
