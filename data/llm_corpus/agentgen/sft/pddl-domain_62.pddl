(define (domain ai-integration)
  (:requirements :strips)
  (:predicates
    (gap-in-expertise)
    (research-done)
    (consulted-experts)
    (prototype-created)
    (prototype-evaluated)
    (adjustments-made)
    (feature-finalized)
  )

  (:action research
    :parameters (?ai-tech - object ?integration-strategies - object)
    :precondition (gap-in-expertise)
    :effect (and (research-done)
                 (not (gap-in-expertise))))

  (:action consult
    :parameters (?ai-experts - object ?feasibility-resources - object)
    :precondition (research-done)
    :effect (and (consulted-experts)
                 (not (research-done))))

  (:action prototype
    :parameters (?ai-feature - object ?initial-design - object)
    :precondition (consulted-experts)
    :effect (and (prototype-created)
                 (not (consulted-experts))))

  (:action evaluate
    :parameters (?prototype - object ?performance-integration - object)
    :precondition (prototype-created)
    :effect (and (prototype-evaluated)
                 (not (prototype-created))))

  (:action adjust
    :parameters (?ai-feature - object ?evaluation-feedback - object)
    :precondition (prototype-evaluated)
    :effect (and (adjustments-made)
                 (not (prototype-evaluated))))

  (:action finalize
    :parameters (?ai-feature - object ?integration-deployment-plan - object)
    :precondition (adjustments-made)
    :effect (and (feature-finalized)
                 (not (adjustments-made))))
)
