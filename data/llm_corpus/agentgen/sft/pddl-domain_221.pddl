(define (domain vocabulary-expansion)
  (:requirements :strips)
  (:predicates
    (high-frequency-words-identified)
    (intermediate-frequency-words-selected)
    (low-frequency-words-incorporated)
  )

  (:action identify-high-frequency-words
    :parameters ()
    :precondition (and)
    :effect (and (high-frequency-words-identified))
  )

  (:action select-intermediate-frequency-words
    :parameters ()
    :precondition (and (high-frequency-words-identified))
    :effect (and (intermediate-frequency-words-selected))
  )

  (:action incorporate-low-frequency-words
    :parameters ()
    :precondition (and (intermediate-frequency-words-selected))
    :effect (and (low-frequency-words-incorporated))
  )
)
