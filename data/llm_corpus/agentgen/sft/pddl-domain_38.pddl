(define (domain selfcare)
  (:requirements :strips)
  (:predicates
    (insecurities-identified)
    (affirmations-created)
    (routine-established)
  )

  (:action identify-insecurities
    :parameters ()
    :precondition (and) ; Corrected to use (and) for an always true precondition
    :effect (insecurities-identified)
  )

  (:action create-affirmations
    :parameters ()
    :precondition (insecurities-identified)
    :effect (and
              (affirmations-created)
              (not (insecurities-identified))
            )
  )

  (:action establish-routine
    :parameters ()
    :precondition (affirmations-created)
    :effect (and
              (routine-established)
              (not (affirmations-created))
            )
  )
)
