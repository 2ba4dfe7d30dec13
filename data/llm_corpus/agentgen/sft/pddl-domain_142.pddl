(define (domain travel-restrictions-analysis)
  (:requirements :strips)
  (:types regime reasons effects relation) ; Assuming these are the types used
  (:predicates
    (selected-regime ?r - regime)
    (researched-regime ?r - regime)
    (analyzed-effects ?r - regime)
  )

  (:action researchregime
    :parameters (?r - regime ?reasons - reasons)
    :precondition (selected-regime ?r)
    :effect (and (researched-regime ?r)
                 (not (selected-regime ?r)))
  )

  (:action analyzeeffects
    :parameters (?r - regime ?effects - effects ?relation - relation)
    :precondition (researched-regime ?r)
    :effect (analyzed-effects ?r)
  )
)
