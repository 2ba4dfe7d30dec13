(define (domain ipad-background-change)
  (:requirements :strips)
  (:predicates
    (method-identified ?m)
    (research-completed ?m)
    (impact-evaluated ?i ?m)
  )

  (:action research
    :parameters (?m)
    :precondition (method-identified ?m)
    :effect (research-completed ?m)
  )

  (:action evaluate
    :parameters (?i ?m)
    :precondition (research-completed ?m)
    :effect (impact-evaluated ?i ?m)
  )
)
