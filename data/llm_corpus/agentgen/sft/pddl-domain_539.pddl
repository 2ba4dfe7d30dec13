(define (domain drawing-homer)
  (:requirements :strips)
  (:predicates
    (understood-feature ?f)
    (technique-suitable ?t ?f)
    (feature-detailed ?f)
    (feature-sketched ?f)
    (captures-likeness ?f)
    (captures-personality ?f)
  )

  (:action sketch
    :parameters (?f)
    :precondition (understood-feature ?f)
    :effect (and (feature-sketched ?f)
                 (not (understood-feature ?f)))
  )

  (:action detail
    :parameters (?t ?f)
    :precondition (and (technique-suitable ?t ?f) 
                       (feature-sketched ?f))
    :effect (and (feature-detailed ?f)
                 (captures-likeness ?f)
                 (captures-personality ?f))
  )
)
