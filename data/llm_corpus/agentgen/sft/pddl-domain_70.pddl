(define (domain sleep-research)
  (:requirements :strips :typing) ; Ensure :typing is included to support type declarations
  (:types
    environmental_influences
    stress_anxiety_levels
    genetic_predispositions
    intervention_strategies
    sleep_behaviors
    sleep_disturbances
    sleepwalking_sleeptalking
    reducing_sleep_disturbances
  ) ; Correctly declare types without hyphens and ensure all necessary types are included
  (:predicates
    (can-monitor-adjust-environment)
    (participants-available-for-stress-assessment)
    (genetic-testing-available)
    (comprehensive-understanding-obtained)
    (environmental-triggers-understood ?env - environmental_influences)
    (psychological-factors-understood ?psy - stress_anxiety_levels)
    (genetic-factors-identified ?gen - genetic_predispositions)
    (intervention-strategies-developed ?intv - intervention_strategies)
  )

  (:action investigate
    :parameters (?env - environmental_influences ?sb - sleep_behaviors)
    :precondition (can-monitor-adjust-environment)
    :effect (environmental-triggers-understood ?env)
  )

  (:action analyze
    :parameters (?psy - stress_anxiety_levels ?sd - sleep_disturbances)
    :precondition (participants-available-for-stress-assessment)
    :effect (psychological-factors-understood ?psy)
  )

  (:action evaluate
    :parameters (?gen - genetic_predispositions ?swst - sleepwalking_sleeptalking)
    :precondition (genetic-testing-available)
    :effect (genetic-factors-identified ?gen)
  )

  (:action develop
    :parameters (?intv - intervention_strategies ?rd - reducing_sleep_disturbances ?env - environmental_influences ?psy - stress_anxiety_levels ?gen - genetic_predispositions)
    :precondition (and 
                    (environmental-triggers-understood ?env)
                    (psychological-factors-understood ?psy)
                    (genetic-factors-identified ?gen)
                  )
    :effect (intervention-strategies-developed ?intv)
  )
)
