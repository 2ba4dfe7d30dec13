(define (domain cardgame-mechanics)
  (:requirements :strips :typing)
  (:types
    mechanic complexity_level scenario outcome
  )
  (:predicates
    (relevant-mechanic ?m - mechanic)
    (explained ?m - mechanic)
    (scenario-relevant ?s - scenario)
    (example-created ?s - scenario)
  )

  (:action explainmechanic
    :parameters (?m - mechanic ?cl - complexity_level)
    :precondition (relevant-mechanic ?m)
    :effect (explained ?m)
  )

  (:action createexample
    :parameters (?s - scenario ?o - outcome)
    :precondition (scenario-relevant ?s)
    :effect (example-created ?s)
  )
)
