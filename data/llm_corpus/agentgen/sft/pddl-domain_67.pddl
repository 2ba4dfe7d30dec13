(define (domain git-tag-management)
  (:requirements :strips)
  (:predicates
    (issue-identified)
    (local-tags-pushed)
    (tags-synchronized)
    (tag-management-routine-established)
  )

  (:action identify-issue-cause
    :parameters ()
    :precondition (and)
    :effect (issue-identified)
  )

  (:action push-local-tags
    :parameters ()
    :precondition (issue-identified)
    :effect (local-tags-pushed)
  )

  (:action verify-tags-synchronization
    :parameters ()
    :precondition (local-tags-pushed)
    :effect (tags-synchronized)
  )

  (:action establish-tag-management-routine
    :parameters ()
    :precondition (and)
    :effect (tag-management-routine-established)
  )

  (:action automate-tag-push
    :parameters ()
    :precondition (tag-management-routine-established)
    :effect (tags-synchronized)
  )
)
