(define (domain virtual-human-breathing)
  (:requirements :strips)
  (:predicates
    (model-active)
    (simulation-started)
    (oxygen-levels-decreased)
    (co2-levels-increased)
    (co2-levels-high ?threshold)
    (involuntary-breath-taken)
  )

  (:action monitorCO2Levels
    :parameters (?body)
    :precondition (and (model-active) (simulation-started))
    :effect (co2-levels-increased)
  )

  (:action simulateBreathHolding
    :parameters (?timeStarted)
    :precondition (simulation-started)
    :effect (and (oxygen-levels-decreased) (co2-levels-increased))
  )

  (:action triggerInvoluntaryBreathing
    :parameters (?CO2Threshold)
    :precondition (co2-levels-high ?CO2Threshold)
    :effect (involuntary-breath-taken)
  )
)
