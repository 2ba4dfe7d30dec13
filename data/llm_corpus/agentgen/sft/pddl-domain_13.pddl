(define (domain software_quality_assurance)
  (:requirements :strips)
  (:predicates
    (access-to-codebase)
    (defect-identified ?defect)
    (defect-evaluated ?defect)
    (defects-prioritized ?defect)
    (defects-communicated ?defect)
  )

  (:action identifyDefect
    :parameters (?defect)
    :precondition (access-to-codebase)
    :effect (and (defect-identified ?defect))
  )

  (:action evaluateDefectImpact
    :parameters (?defect)
    :precondition (defect-identified ?defect)
    :effect (and (defect-evaluated ?defect))
  )

  (:action prioritizeDefects
    :parameters (?defect)
    :precondition (defect-evaluated ?defect)
    :effect (and (defects-prioritized ?defect))
  )

  (:action communicateDefects
    :parameters (?defect)
    :precondition (defects-prioritized ?defect)
    :effect (and (defects-communicated ?defect))
  )
)
