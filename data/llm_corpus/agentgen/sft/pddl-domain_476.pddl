(define (domain ai-superintelligence)
  (:requirements :strips :typing)
  (:types AI_system Data Skill EthicalGuidelines Threat)
  (:predicates
    (secure ?ai - AI_system)
    (accessible ?data - Data)
    (learnable ?skill - Skill)
    (ethical-guidelines ?guidelines - EthicalGuidelines)
    (has-learned ?ai - AI_system ?skill - Skill)
    (decision-aligned ?ai - AI_system)
  )

  (:action action_secure
    :parameters (?ai - AI_system ?threat - Threat)
    :precondition (not (secure ?ai))
    :effect (secure ?ai)
  )

  (:action action_learn
    :parameters (?ai - AI_system ?data - Data ?skill - Skill)
    :precondition (and (accessible ?data) (learnable ?skill))
    :effect (has-learned ?ai ?skill)
  )

  (:action action_make_decision
    :parameters (?ai - AI_system ?guidelines - EthicalGuidelines)
    :precondition (ethical-guidelines ?guidelines)
    :effect (decision-aligned ?ai)
  )
)
