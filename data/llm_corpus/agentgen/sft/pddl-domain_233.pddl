(define (domain version-control-enhancement)
  (:requirements :strips)
  (:predicates
    (repository-state-before ?r)
    (repository-state-after ?r)
    (divergence-analyzed ?r)
    (strategy-recommended ?s)
    (strategy-approved ?s)
    (strategy-executed ?s)
    (repository-integrity-verified ?r)
  )

  (:action analyze
    :parameters (?r)
    :precondition (and (repository-state-before ?r) (repository-state-after ?r))
    :effect (divergence-analyzed ?r)
  )

  (:action recommend
    :parameters (?s ?r)
    :precondition (divergence-analyzed ?r)
    :effect (strategy-recommended ?s)
  )

  (:action execute
    :parameters (?s ?r)
    :precondition (and (strategy-recommended ?s) (strategy-approved ?s))
    :effect (and (strategy-executed ?s) (repository-state-after ?r))
  )

  (:action verify
    :parameters (?s ?r) ; Corrected by adding ?s to the parameters
    :precondition (strategy-executed ?s)
    :effect (repository-integrity-verified ?r)
  )
)
