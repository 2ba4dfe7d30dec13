(define (domain virology-research)
  (:requirements :strips)
  (:predicates
    (suitable_animal_model ?animal_model)
    (relevant_cell_type ?cell_type)
    (identified_target ?potential_target)
    (virus_variant ?virus_strain ?mutation ?effect)
    (observed_infection ?virus_strain ?animal_model ?observation)
    (interaction_analyzed ?virus_strain ?cell_type ?binding_efficiency)
    (target_evaluated ?potential_target ?virus_strain ?effectiveness)
  )

  (:action manipulate_genetic_sequence
    :parameters (?virus_strain ?mutation ?effect)
    :precondition (and) ; Corrected to ensure proper parsing
    :effect (virus_variant ?virus_strain ?mutation ?effect)
  )

  (:action infect_animal_model
    :parameters (?virus_strain ?animal_model ?observation)
    :precondition (suitable_animal_model ?animal_model)
    :effect (observed_infection ?virus_strain ?animal_model ?observation)
  )

  (:action analyze_interaction
    :parameters (?virus_strain ?cell_type ?binding_efficiency)
    :precondition (relevant_cell_type ?cell_type)
    :effect (interaction_analyzed ?virus_strain ?cell_type ?binding_efficiency)
  )

  (:action evaluate_therapeutic_target
    :parameters (?potential_target ?virus_strain ?effectiveness)
    :precondition (identified_target ?potential_target)
    :effect (target_evaluated ?potential_target ?virus_strain ?effectiveness)
  )
)
