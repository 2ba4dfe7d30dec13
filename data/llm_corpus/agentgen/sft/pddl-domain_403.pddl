(define (domain humor-generation)
  (:requirements :strips)
  (:predicates
    (concept-identified)
    (twist-created)
  )

  (:action identify-concept
    :parameters () ; No parameters needed for this domain logic
    :precondition (and) ; Correct syntax for no precondition
    :effect (concept-identified)
  )

  (:action create-twist
    :parameters () ; No parameters needed for this domain logic
    :precondition (and (concept-identified)) ; Correct use of precondition
    :effect (and
              (twist-created)
              (not (concept-identified))
            )
  )

  (:action deliver-joke
    :parameters () ; No parameters needed for this domain logic
    :precondition (and (twist-created)) ; Correct use of precondition
    :effect (and
              (not (twist-created))
            )
  )
)
