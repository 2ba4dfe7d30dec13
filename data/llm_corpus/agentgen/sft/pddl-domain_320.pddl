(define (domain permeation-experiment)
  (:requirements :strips)
  (:types material gas_liquid experiment measurement_system data results)

  (:predicates
    (high-quality-materials)
    (clear-understanding ?m - material)
    (knowledge-of-properties ?gl - gas_liquid)
    (measurement-techniques-available)
    (sensitive-detection-equipment-available)
    (statistical-and-analytical-skills)
    (safe-experiment)
    (environmentally-safe ?gl - gas_liquid)
    (accurate-and-reliable-measurement)
    (objective-analysis)
    (selected-material ?m - material ?e - experiment)
    (chosen-gas-liquid ?gl - gas_liquid ?e - experiment)
    (designed-measurement-system ?ms - measurement_system ?e - experiment)
    (analyzed-data ?d - data ?r - results))

  (:action select
    :parameters (?m - material ?e - experiment)
    :precondition (and (high-quality-materials) (clear-understanding ?m))
    :effect (and (selected-material ?m ?e)))

  (:action choose
    :parameters (?gl - gas_liquid ?e - experiment)
    :precondition (and (knowledge-of-properties ?gl) (environmentally-safe ?gl))
    :effect (and (chosen-gas-liquid ?gl ?e)))

  (:action design
    :parameters (?ms - measurement_system ?e - experiment)
    :precondition (and (measurement-techniques-available) (sensitive-detection-equipment-available))
    :effect (and (designed-measurement-system ?ms ?e) (accurate-and-reliable-measurement)))

  (:action analyze
    :parameters (?d - data ?r - results)
    :precondition (and (statistical-and-analytical-skills) (objective-analysis))
    :effect (and (analyzed-data ?d ?r)))
)
