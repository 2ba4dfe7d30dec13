(define (domain domestic-bliss)
  (:requirements :strips)
  (:types recipe technique area complexity)
  
  (:predicates
    (understands-recipe ?r - recipe)
    (technique-not-widely-known ?t - technique)
    (technique-benefits-articulated ?t - technique)
    (recipe-taught ?r - recipe)
    (technique-introduced ?t - technique)
    (confidence-gained ?r - recipe)
    (living-space-improved ?a - area)
  )

  (:action teachrecipe
    :parameters (?r - recipe ?c - complexity)
    :precondition (understands-recipe ?r)
    :effect (and (recipe-taught ?r)
                 (confidence-gained ?r))
  )

  (:action introduceorganizationtechnique
    :parameters (?t - technique ?a - area)
    :precondition (and (technique-not-widely-known ?t)
                       (technique-benefits-articulated ?t))
    :effect (and (technique-introduced ?t)
                 (living-space-improved ?a))
  )
)
