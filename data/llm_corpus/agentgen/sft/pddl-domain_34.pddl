(define (domain poetry-of-solitude)
  (:requirements :strips)
  (:predicates
    (understands-solitude)
    (can-use-internal-rhyme)
    (verse-about-isolation-written)
    (verse-about-introspection-written)
    (verse-about-bittersweet-freedom-written)
    (verse-about-longing-for-connection-written)
    (verse-about-transformation-written)
    (verse-about-reconciliation-written)
    (poem-complete)
  )

  (:action write-verse-about-isolation
    :parameters ()
    :precondition (and (understands-solitude) (can-use-internal-rhyme))
    :effect (and (verse-about-isolation-written))
  )

  (:action write-verse-about-introspection
    :parameters ()
    :precondition (and (understands-solitude) (can-use-internal-rhyme) (verse-about-isolation-written))
    :effect (and (verse-about-introspection-written))
  )

  (:action write-verse-about-bittersweet-freedom
    :parameters ()
    :precondition (and (understands-solitude) (can-use-internal-rhyme) (verse-about-introspection-written))
    :effect (and (verse-about-bittersweet-freedom-written))
  )

  (:action write-verse-about-longing-for-connection
    :parameters ()
    :precondition (and (understands-solitude) (can-use-internal-rhyme) (verse-about-bittersweet-freedom-written))
    :effect (and (verse-about-longing-for-connection-written))
  )

  (:action write-verse-about-transformation
    :parameters ()
    :precondition (and (understands-solitude) (can-use-internal-rhyme) (verse-about-longing-for-connection-written))
    :effect (and (verse-about-transformation-written))
  )

  (:action write-verse-about-reconciliation
    :parameters ()
    :precondition (and (understands-solitude) (can-use-internal-rhyme) (verse-about-transformation-written))
    :effect (and (verse-about-reconciliation-written) (poem-complete))
  )
)
