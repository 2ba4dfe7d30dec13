(define (domain global-jump-experiment)
  (:requirements :strips)
  (:predicates
    (understands-physics)
    (understands-mathematics)
    (understands-simulation-techniques)
    (simulation-developed ?simulation)
    (simulation-accurate ?simulation)
    (analysis-completed ?simulation)
    (findings-ready ?findings)
    (knowledge-contributed)
  )

  (:action develop
    :parameters (?simulation ?models)
    :precondition (and (understands-physics) (understands-mathematics) (understands-simulation-techniques))
    :effect (and (simulation-developed ?simulation) (simulation-accurate ?simulation))
  )

  (:action analyze
    :parameters (?simulation ?impact-assessment)
    :precondition (and (simulation-developed ?simulation) (simulation-accurate ?simulation))
    :effect (and (analysis-completed ?simulation) (findings-ready ?impact-assessment))
  )

  (:action publish
    :parameters (?findings)
    :precondition (and (analysis-completed ?findings) (findings-ready ?findings))
    :effect (knowledge-contributed)
  )
)
