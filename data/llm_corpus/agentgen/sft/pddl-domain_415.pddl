(define (domain primality-testing)
  (:requirements :strips)
  (:predicates
    (basic-understanding)
    (researched-prime-definition)
    (evaluated-primality-methods)
    (analyzed-cryptography-relevance)
    (investigated-algorithmic-complexity)
  )

  (:action research
    :parameters ()
    :precondition (basic-understanding)
    :effect (researched-prime-definition)
  )

  (:action evaluate
    :parameters ()
    :precondition (researched-prime-definition)
    :effect (evaluated-primality-methods)
  )

  (:action analyze
    :parameters ()
    :precondition (evaluated-primality-methods)
    :effect (analyzed-cryptography-relevance)
  )

  (:action investigate
    :parameters ()
    :precondition (and (evaluated-primality-methods) (analyzed-cryptography-relevance))
    :effect (investigated-algorithmic-complexity)
  )
)
