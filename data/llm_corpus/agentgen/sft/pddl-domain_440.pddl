(define (domain weather-prediction)
  (:requirements :strips :typing)
  (:types
    model
    algo
    tests
    system
  )
  (:predicates
    (understands-meteorology)
    (knows-data-science)
    (knows-machine-learning)
    (model-developed ?model - model)
    (tests-designed ?tests - tests)
    (model-tested ?model - model)
    (model-accurate ?model - model)
    (model-deployed ?model - model)
  )

  (:action develop
    :parameters (?model - model ?algo - algo)
    :precondition (and (understands-meteorology) (knows-data-science) (knows-machine-learning))
    :effect (and (model-developed ?model))
  )

  (:action test
    :parameters (?model - model ?tests - tests)
    :precondition (and (model-developed ?model) (tests-designed ?tests))
    :effect (and (model-tested ?model) (model-accurate ?model))
  )

  (:action deploy
    :parameters (?model - model ?system - system)
    :precondition (and (model-tested ?model) (model-accurate ?model))
    :effect (and (model-deployed ?model))
  )
)
