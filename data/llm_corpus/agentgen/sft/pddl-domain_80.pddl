(define (domain confirmation-letter)
  (:requirements :strips)
  (:predicates
    (need-to-confirm)
    (purpose-identified)
    (information-gathered)
    (letter-structured)
    (content-customized)
  )

  (:action identify-purpose
    :parameters ()
    :precondition (need-to-confirm)
    :effect (and (purpose-identified)
                 (not (need-to-confirm)))
  )

  (:action gather-information
    :parameters ()
    :precondition (purpose-identified)
    :effect (and (information-gathered)
                 (not (purpose-identified)))
  )

  (:action structure-letter
    :parameters ()
    :precondition (information-gathered)
    :effect (and (letter-structured)
                 (not (information-gathered)))
  )

  (:action customize-content
    :parameters ()
    :precondition (letter-structured)
    :effect (and (content-customized)
                 (not (letter-structured)))
  )
)
