(define (domain quantum-mechanics-research)
  (:requirements :strips)
  (:predicates
    (understands-quantum-mechanics ?student)
    (has-computational-tools ?student)
    (has-literature-access ?student)
    (compared-decay ?orbital-type1 ?orbital-type2)
    (investigated-diffuse-functions ?gto-basis-set)
    (explored-theoretical-foundations ?wavefunction-decay)
  )

  (:action compareDecayPatterns
    :parameters (?student ?orbital-type1 ?orbital-type2 ?decay-behavior)
    :precondition (understands-quantum-mechanics ?student)
    :effect (compared-decay ?orbital-type1 ?orbital-type2)
  )

  (:action investigateDiffuseFunctions
    :parameters (?student ?gto-basis-set ?diffuse-function-addition ?expected-outcome)
    :precondition (and (has-computational-tools ?student) (understands-quantum-mechanics ?student))
    :effect (investigated-diffuse-functions ?gto-basis-set)
  )

  (:action exploreTheoreticalFoundations
    :parameters (?student ?wavefunction-decay ?theoretical-justification)
    :precondition (and (has-literature-access ?student) (understands-quantum-mechanics ?student))
    :effect (explored-theoretical-foundations ?wavefunction-decay)
  )
)
