(define (domain code-commenting)
  (:requirements :strips)
  (:predicates
    (code-needs-modification)
    (code-selected)
    (comment-prepended)
    (code-tested)
  )

  (:action select
    :parameters (?block)
    :precondition (code-needs-modification)
    :effect (and (code-selected)
                 (not (code-needs-modification)))
  )

  (:action prepend
    :parameters (?syntax)
    :precondition (code-selected)
    :effect (and (comment-prepended)
                 (not (code-selected)))
  )

  (:action test
    :parameters (?modified-code)
    :precondition (comment-prepended)
    :effect (and (code-tested)
                 (not (comment-prepended)))
  )
)
