(define (domain sleepless-world-novel)
  (:requirements :strips)
  (:predicates
    (understands-character-development)
    (has-sociological-understanding)
    (has-psychological-insight)
    (character-profile-developed ?character)
    (societal-systems-constructed ?aspect)
    (psychological-effects-explored ?entity)) ; entity can be a character or society

  (:action developCharacterProfiles
    :parameters (?character)
    :precondition (understands-character-development)
    :effect (character-profile-developed ?character))

  (:action constructSocietalSystems
    :parameters (?aspect)
    :precondition (has-sociological-understanding)
    :effect (societal-systems-constructed ?aspect))

  (:action explorePsychologicalEffects
    :parameters (?entity) ; entity can be a character or society
    :precondition (has-psychological-insight)
    :effect (psychological-effects-explored ?entity))
)
