(define (domain dinosaur-ecosystem-simulation)
  (:requirements :strips)
  (:types dinosaur_species environmental_conditions external_factors human_interaction ecosystem_change - object)

  (:predicates
    (detailed_info_about_species ?d - dinosaur_species)
    (detailed_info_about_conditions ?e - environmental_conditions)
    (detailed_info_about_external_factors ?f - external_factors)
    (simulated_or_proposed_human_interaction ?h - human_interaction)
    (scientific_principles_applied)
    (ecological_theories_considered)
    (complex_variables_incorporated)
    (unforeseen_factors_accounted)
    (short_term_effects_assessed)
    (long_term_effects_assessed)
    (well_being_of_dinosaurs_considered)
    (ecosystem_preservation_considered)
    (human_interests_considered)
  )

  (:action simulate_ecosystem
    :parameters (?d - dinosaur_species ?e - environmental_conditions)
    :precondition (and (detailed_info_about_species ?d) (detailed_info_about_conditions ?e))
    :effect (and (scientific_principles_applied) (ecological_theories_considered))
  )

  (:action predict_behavior
    :parameters (?d - dinosaur_species ?f - external_factors)
    :precondition (and (detailed_info_about_species ?d) (detailed_info_about_external_factors ?f))
    :effect (and (complex_variables_incorporated) (unforeseen_factors_accounted))
  )

  (:action assess_impact
    :parameters (?h - human_interaction ?c - ecosystem_change)
    :precondition (simulated_or_proposed_human_interaction ?h)
    :effect (and (short_term_effects_assessed) (long_term_effects_assessed) 
                 (well_being_of_dinosaurs_considered) (ecosystem_preservation_considered) 
                 (human_interests_considered))
  )
)
