(define (domain humor_analysis)
  (:requirements :strips)
  (:predicates
    (joke-text ?j)
    (analyzed-for-pun ?j)
    (structure-analyzed ?j)
    (cultural-references-identified ?j)
    (humor-explained ?j)
    (effectiveness-evaluated ?j ?a)
    (humor-analysis-completed ?j)
  )

  (:action identify_pun
    :parameters (?j)
    :precondition (joke-text ?j)
    :effect (analyzed-for-pun ?j)
  )

  (:action analyze_structure
    :parameters (?j)
    :precondition (joke-text ?j)
    :effect (structure-analyzed ?j)
  )

  (:action identify_cultural_references
    :parameters (?j)
    :precondition (joke-text ?j)
    :effect (cultural-references-identified ?j)
  )

  (:action explain_humor_mechanism
    :parameters (?j)
    :precondition (and (analyzed-for-pun ?j) (structure-analyzed ?j) (cultural-references-identified ?j))
    :effect (humor-explained ?j)
  )

  (:action evaluate_joke_effectiveness
    :parameters (?j ?a)
    :precondition (and (joke-text ?j) (humor-explained ?j))
    :effect (effectiveness-evaluated ?j ?a)
  )
)
