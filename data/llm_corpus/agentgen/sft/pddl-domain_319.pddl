(define (domain game-ai-toolkit)
  (:requirements :strips :typing)
  (:types
    npc_type
    storyline_interaction
    bot_type
    gameplay_role
    npc_or_bot
    player_behavior
  )
  (:predicates
    (detailed-design ?npc - npc_type)
    (storyline-script ?interaction - storyline_interaction)
    (role-info ?bot - bot_type)
    (gameplay-mechanics ?role - gameplay_role)
    (model-player-actions ?entity - npc_or_bot)
    (decision-making-model ?behavior - player_behavior)
    (npc-behavior-enhanced ?npc - npc_type)
    (bot-ai-improved ?bot - bot_type)
    (interaction-simulated ?entity - npc_or_bot)
  )

  (:action enhance_npc_behavior
    :parameters (?npc - npc_type ?interaction - storyline_interaction)
    :precondition (and (detailed-design ?npc) (storyline-script ?interaction))
    :effect (npc-behavior-enhanced ?npc)
  )

  (:action improve_bot_ai
    :parameters (?bot - bot_type ?role - gameplay_role)
    :precondition (and (role-info ?bot) (gameplay-mechanics ?role))
    :effect (bot-ai-improved ?bot)
  )

  (:action simulate_interaction
    :parameters (?entity - npc_or_bot ?behavior - player_behavior)
    :precondition (and (model-player-actions ?entity) (decision-making-model ?behavior))
    :effect (interaction-simulated ?entity)
  )
)
