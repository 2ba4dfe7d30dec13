(define (domain paper-folding-analysis)
  (:requirements :strips :typing)
  (:types experiment cellulose_fiber_analysis process molecular_dynamics_simulation findings scientific_paper)
  (:predicates
    (has-lab-equipment)
    (has-computational-resources)
    (has-materials-science-background)
    (experiment-conducted ?experiment - experiment)
    (simulation-conducted ?simulation - molecular_dynamics_simulation)
    (findings-published ?findings - findings)
  )

  (:action conduct-experiment
    :parameters (?experiment - experiment ?analysis - cellulose_fiber_analysis)
    :precondition (has-lab-equipment)
    :effect (experiment-conducted ?experiment)
  )

  (:action simulate-process
    :parameters (?process - process ?simulation - molecular_dynamics_simulation)
    :precondition (and (has-computational-resources) (has-materials-science-background))
    :effect (simulation-conducted ?simulation)
  )

  (:action publish-findings
    :parameters (?findings - findings ?paper - scientific_paper ?experiment - experiment ?simulation - molecular_dynamics_simulation)
    :precondition (and (experiment-conducted ?experiment) (simulation-conducted ?simulation))
    :effect (findings-published ?findings)
  )
)
