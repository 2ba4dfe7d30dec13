(define (domain slicing-python)
  (:requirements :strips)
  (:predicates
    (identified-slicing-method)
    (syntax-researched)
    (efficiency-evaluated)
    (use-cases-analyzed)
    (limitations-investigated))

  (:action research-syntax
    :parameters ()
    :precondition (identified-slicing-method)
    :effect (syntax-researched))

  (:action evaluate-efficiency
    :parameters ()
    :precondition (syntax-researched)
    :effect (efficiency-evaluated))

  (:action analyze-use-cases
    :parameters ()
    :precondition (efficiency-evaluated)
    :effect (use-cases-analyzed))

  (:action investigate-limitations
    :parameters ()
    :precondition (and (syntax-researched) (efficiency-evaluated) (use-cases-analyzed))
    :effect (limitations-investigated))
)
