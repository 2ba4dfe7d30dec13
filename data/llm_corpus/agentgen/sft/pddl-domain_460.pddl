(define (domain self-defense)
  (:requirements :strips)
  (:predicates
    (threat-identified)
    (techniques-selected)
    (defended)
  )

  (:action identify-threats
    :parameters ()
    :precondition (and) ; No precondition, but properly formatted
    :effect (and (threat-identified)) ; Properly formatted effect
  )

  (:action select-techniques
    :parameters ()
    :precondition (and (threat-identified)) ; Properly formatted precondition
    :effect (and 
              (techniques-selected)
              (not (threat-identified))
            )
  )

  (:action apply-techniques
    :parameters ()
    :precondition (and (techniques-selected)) ; Properly formatted precondition
    :effect (and 
              (defended)
              (not (techniques-selected))
            )
  )
)
