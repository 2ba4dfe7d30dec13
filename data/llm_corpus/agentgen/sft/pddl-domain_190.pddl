(define (domain version-control-data)
  (:requirements :strips)
  (:predicates
    (file ?f)
    (has-diff ?f1 ?f2)
    (merged ?f1 ?f2 ?f3)
    (resolution-strategy ?rs)
  )

  (:action compare
    :parameters (?f1 ?f2)
    :precondition (and (file ?f1) (file ?f2))
    :effect (has-diff ?f1 ?f2)
  )

  (:action merge
    :parameters (?f1 ?f2 ?rs ?f3)
    :precondition (and (file ?f1) (file ?f2) (resolution-strategy ?rs) (not (merged ?f1 ?f2 ?f3)))
    :effect (and (merged ?f1 ?f2 ?f3) (not (has-diff ?f1 ?f2)))
  )
)
