(define (domain software-build-automation)
  (:requirements :strips)
  (:predicates
    (understands-gnu-make)
    (makefile-modified ?mf)
    (build-environments-set)
    (test-cases-created)
    (makefile-tested ?mf)
    (documentation-created ?mf)
  )

  (:action modify
    :parameters (?mf)
    :precondition (understands-gnu-make)
    :effect (and (makefile-modified ?mf))
  )

  (:action test
    :parameters (?mf)
    :precondition (and (makefile-modified ?mf) (build-environments-set) (test-cases-created))
    :effect (and (makefile-tested ?mf))
  )

  (:action document
    :parameters (?mf)
    :precondition (and (makefile-modified ?mf) (makefile-tested ?mf))
    :effect (and (documentation-created ?mf))
  )
)
