(define (domain border-wall-opposition)
  (:requirements :strips)
  (:predicates
    (access-to-political-analysis)
    (access-to-social-science-research-methods)
    (access-to-environmental-studies)
    (understands-political-objections)
    (uncovered-social-consequences)
    (compiled-environmental-evidence)
    (report-ready)
  )

  (:action research-political-objections
    :parameters ()
    :precondition (access-to-political-analysis)
    :effect (understands-political-objections)
  )

  (:action investigate-social-implications
    :parameters ()
    :precondition (access-to-social-science-research-methods)
    :effect (uncovered-social-consequences)
  )

  (:action analyze-environmental-impact
    :parameters ()
    :precondition (access-to-environmental-studies)
    :effect (compiled-environmental-evidence)
  )

  (:action synthesize-report
    :parameters ()
    :precondition (and (understands-political-objections) (uncovered-social-consequences) (compiled-environmental-evidence))
    :effect (report-ready)
  )
)
