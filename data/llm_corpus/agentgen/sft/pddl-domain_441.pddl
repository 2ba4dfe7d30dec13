(define (domain star-lifecycle-simulation)
  (:requirements :strips)
  (:types stage)
  (:predicates
    (at_stage ?s - stage)
    (next_stage ?s1 - stage ?s2 - stage)
    (conditions_met ?s - stage)
    (stable ?s - stage)
    (final_stage ?s - stage))

  (:action initiate_fusion
    :parameters (?s1 - stage ?s2 - stage)
    :precondition (and (at_stage ?s1) (next_stage ?s1 ?s2) (conditions_met ?s1) (not (final_stage ?s1)))
    :effect (and (at_stage ?s2) (not (at_stage ?s1)) (stable ?s2)))

  (:action balance_forces
    :parameters (?s1 - stage ?s2 - stage)
    :precondition (and (at_stage ?s1) (next_stage ?s1 ?s2) (not (stable ?s1)) (not (final_stage ?s1)))
    :effect (and (stable ?s1)))
)
