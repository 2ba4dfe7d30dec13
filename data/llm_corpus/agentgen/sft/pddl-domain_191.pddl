(define (domain evolutionary-simulation)
  (:requirements :strips)
  (:predicates
    (known-genetic-data ?species)
    (known-environmental-conditions ?species)
    (simulated-pathway ?species)
    (has-model ?species)
    (predicted-changes ?species ?time_frame)
    (analyzed-mutation ?mutation_effect ?species))

  (:action simulate
    :parameters (?species ?genetic_data ?environmental_conditions)
    :precondition (and (known-genetic-data ?species)
                       (known-environmental-conditions ?species))
    :effect (and (simulated-pathway ?species)
                 (has-model ?species)))

  (:action predict
    :parameters (?change ?time_frame ?species)
    :precondition (has-model ?species)
    :effect (predicted-changes ?species ?time_frame))

  (:action analyze
    :parameters (?mutation_effect ?species)
    :precondition (and (has-model ?species)
                       (known-genetic-data ?species))
    :effect (analyzed-mutation ?mutation_effect ?species))
)
