(define (domain phd-study-analysis)
  (:requirements :strips)
  (:predicates
    (identified-issues)
    (data-collected ?issue)
    (issue-compared ?issue)
  )

  (:action collect
    :parameters (?issue)
    :precondition (identified-issues)
    :effect (and (data-collected ?issue))
  )

  (:action compare
    :parameters (?field ?issue)
    :precondition (and (data-collected ?issue))
    :effect (and (issue-compared ?issue))
  )
)
