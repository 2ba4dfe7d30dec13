(define (domain social-skills-improvement)
  (:requirements :strips :typing) ; Added :typing to requirements for Round 1 correction
  (:types scenario_type appropriate_approach technique_type implementation_details effect_on_interaction) ; Assuming these types need to be declared
  (:predicates
    (observed-setting)
    (understands-scenario ?scenario - scenario_type)
    (interested-in-person)
    (adapted-to-conversation)
    (strategy-applied ?approach - appropriate_approach)
    (technique-employed ?technique - technique_type)
    (positive-interaction ?effect - effect_on_interaction)
  )

  (:action identifySocialScenario
    :parameters (?scenario - scenario_type ?approach - appropriate_approach)
    :precondition (observed-setting)
    :effect (and (strategy-applied ?approach)
                 (understands-scenario ?scenario))
  )

  (:action applyConversationTechniques
    :parameters (?technique - technique_type ?details - implementation_details ?effect - effect_on_interaction ?scenario - scenario_type)
    :precondition (and (understands-scenario ?scenario)
                       (interested-in-person)
                       (adapted-to-conversation))
    :effect (and (technique-employed ?technique)
                 (positive-interaction ?effect))
  )
)
