(define (domain pinning-ie-shortcuts)
  (:requirements :strips)
  (:predicates
    (process-researched)
    (guide-created)
    (guide-tested)
    (guide-published)
    (feedback-gathered)
  )

  (:action research-process
    :parameters ()
    :precondition (and)
    :effect (and (process-researched))
  )

  (:action create-instructions
    :parameters ()
    :precondition (and (process-researched))
    :effect (and (guide-created))
  )

  (:action test-guide
    :parameters ()
    :precondition (and (guide-created))
    :effect (and (guide-tested))
  )

  (:action publish-guide
    :parameters ()
    :precondition (and (guide-tested))
    :effect (and (guide-published))
  )

  (:action gather-feedback
    :parameters ()
    :precondition (and (guide-published))
    :effect (and (feedback-gathered))
  )
)
