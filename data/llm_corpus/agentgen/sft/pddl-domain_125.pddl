(define (domain docker-env-retrieval)
  (:requirements :strips)
  (:predicates
    (commands-identified)
    (commands-tested)
    (workarounds-developed)
    (procedure-documented)
  )

  (:action identify-effective-commands
    :parameters ()
    :precondition (and)
    :effect (and (commands-identified))
  )

  (:action test-command-effectiveness
    :parameters ()
    :precondition (and (commands-identified))
    :effect (and (commands-tested))
  )

  (:action develop-workarounds-for-common-pitfalls
    :parameters ()
    :precondition (and (commands-tested))
    :effect (and (workarounds-developed))
  )

  (:action document-procedure
    :parameters ()
    :precondition (and (workarounds-developed))
    :effect (and (procedure-documented))
  )

  (:action share-findings-with-community
    :parameters ()
    :precondition (and (procedure-documented))
    :effect (and) ; Explicitly stating no effect with (and)
  )
)
