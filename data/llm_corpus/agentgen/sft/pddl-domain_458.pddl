(define (domain javascript-quirks-tutorial)
  (:requirements :strips)
  (:predicates
    (concept-identified ?concept)
    (basic-js-syntax-understood)
    (foundational-knowledge ?concept)
    (demonstration-ready)
    (tutorial-complete)
  )

  (:action explain
    :parameters (?concept)
    :precondition (concept-identified ?concept)
    :effect (and (foundational-knowledge ?concept))
  )

  (:action demonstrate
    :parameters (?concept1 ?concept2) ; Assuming two concepts need to be understood for demonstration
    :precondition (and (foundational-knowledge ?concept1)
                       (foundational-knowledge ?concept2)
                       (basic-js-syntax-understood))
    :effect (demonstration-ready)
  )

  (:action conclude-tutorial
    :parameters ()
    :precondition (demonstration-ready)
    :effect (tutorial-complete)
  )
)
