(define (domain sales-analysis)
  (:requirements :strips)
  (:predicates
    (access-to-sales-data)
    (data-collected ?data)
    (analysis-completed ?data)
    (graphs-created ?data)
    (recommendations-formulated ?data)
    (has-analytical-skills)
    (proficient-in-python)
    (has-strategic-mindset)
  )

  (:action collect
    :parameters (?data ?period)
    :precondition (access-to-sales-data)
    :effect (data-collected ?data)
  )

  (:action analyze
    :parameters (?data ?insights)
    :precondition (and (data-collected ?data) (has-analytical-skills))
    :effect (analysis-completed ?data)
  )

  (:action create
    :parameters (?graphs ?data)
    :precondition (and (analysis-completed ?data) (proficient-in-python))
    :effect (graphs-created ?data)
  )

  (:action recommend
    :parameters (?strategies ?data)
    :precondition (and (graphs-created ?data) (has-strategic-mindset))
    :effect (recommendations-formulated ?data)
  )
)
