(define (domain economical-driving)
  (:requirements :strips)
  (:predicates
    (evaluated-route ?r)
    (technique-applicable ?t)
    (selected-route ?r)
    (technique-used ?t)
    (on-segment ?s)
    (technique-maximizes-efficiency ?t)
  )

  (:action chooseRoute
    :parameters (?r)
    :precondition (evaluated-route ?r)
    :effect (and (selected-route ?r)
                 (not (evaluated-route ?r)))
  )

  (:action applyTechnique
    :parameters (?t ?s)
    :precondition (and (technique-applicable ?t) 
                       (on-segment ?s) 
                       (technique-maximizes-efficiency ?t))
    :effect (and (technique-used ?t)
                 (not (technique-applicable ?t)))
  )
)
