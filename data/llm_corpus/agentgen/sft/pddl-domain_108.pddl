(define (domain recommendation-system)
  (:requirements :strips)
  (:predicates
    (has-background-in-ml)
    (has-database-access)
    (has-user-interaction-data)
    (has-analysis-tools)
    (recommendation-system-developed ?rs)
    (recommendation-system-trained ?rs)
    (recommendation-system-evaluated ?rs)
  )

  (:action develop
    :parameters (?rs)
    :precondition (and (has-background-in-ml) (has-database-access))
    :effect (and (recommendation-system-developed ?rs))
  )

  (:action train
    :parameters (?rs)
    :precondition (and (recommendation-system-developed ?rs) (has-user-interaction-data) (has-analysis-tools))
    :effect (and (recommendation-system-trained ?rs))
  )

  (:action evaluate
    :parameters (?rs)
    :precondition (and (recommendation-system-developed ?rs) (recommendation-system-trained ?rs))
    :effect (and (recommendation-system-evaluated ?rs))
  )
)
