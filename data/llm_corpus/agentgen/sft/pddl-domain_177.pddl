(define (domain aerospace-simulation)
  (:requirements :strips)
  (:predicates
    (understands-aerodynamics ?student)
    (understands-thrust ?student)
    (understands-atmospheric-conditions ?student)
    (wing-design-adjusted ?student)
    (engine-thrust-modified ?student)
    (atmospheric-conditions-simulated ?student)
  )

  (:action adjustWingDesign
    :parameters (?student)
    :precondition (understands-aerodynamics ?student)
    :effect (wing-design-adjusted ?student)
  )

  (:action modifyEngineThrust
    :parameters (?student ?thrust-value)
    :precondition (understands-thrust ?student)
    :effect (engine-thrust-modified ?student)
  )

  (:action simulateAtmosphericConditions
    :parameters (?student ?conditions)
    :precondition (understands-atmospheric-conditions ?student)
    :effect (atmospheric-conditions-simulated ?student)
  )
)
