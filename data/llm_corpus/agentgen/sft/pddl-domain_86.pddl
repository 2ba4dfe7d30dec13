(define (domain space-observatory)
  (:requirements :strips)
  (:predicates
    (orbit-within-reach ?orbit)
    (orbit-parameters-evaluated ?orbit)
    (mission-objectives-defined)
    (mission-objectives-prioritized)
    (optimal-orbit-selected ?orbit)
  )

  (:action evaluateOrbitParameters
    :parameters (?orbit)
    :precondition (orbit-within-reach ?orbit)
    :effect (orbit-parameters-evaluated ?orbit)
  )

  (:action prioritizeMissionObjectives
    :parameters (?objective)
    :precondition (mission-objectives-defined)
    :effect (mission-objectives-prioritized)
  )

  (:action selectOptimalOrbit
    :parameters (?orbit ?missionObjectives)
    :precondition (and (orbit-parameters-evaluated ?orbit) (mission-objectives-prioritized))
    :effect (optimal-orbit-selected ?orbit)
  )
)
