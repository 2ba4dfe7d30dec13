(define (domain bioluminescence-research)
  (:requirements :strips)
  (:predicates
    (genetic_info_available ?species)
    (ecological_info_available ?species ?conditions)
    (simulated ?species ?conditions)
    (genetic_analysis_done ?species)
    (ecosystem_simulated ?ecosystem)
    (bioluminescence_trait_analyzed ?trait ?ecosystem)
  )

  (:action simulate_bioluminescence
    :parameters (?species ?conditions)
    :precondition (and (genetic_info_available ?species)
                       (ecological_info_available ?species ?conditions))
    :effect (simulated ?species ?conditions)
  )

  (:action analyze_genetic_basis
    :parameters (?species)
    :precondition (genetic_info_available ?species)
    :effect (genetic_analysis_done ?species)
  )

  (:action evaluate_ecological_impact
    :parameters (?trait ?ecosystem)
    :precondition (and (simulated ?trait ?ecosystem)
                       (ecosystem_simulated ?ecosystem))
    :effect (bioluminescence_trait_analyzed ?trait ?ecosystem)
  )
)
