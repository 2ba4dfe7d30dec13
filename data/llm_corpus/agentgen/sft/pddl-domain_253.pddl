(define (domain mystical-library-quest)
  (:requirements :strips)
  (:predicates
    (entered-labyrinth)
    (deciphered-scripts)
    (invoked-spells)
    (reached-library)
  )

  (:action decipher-ancient-scripts
    :parameters ()
    :precondition (entered-labyrinth)
    :effect (and (deciphered-scripts)
                 (not (entered-labyrinth)))
  )

  (:action invoke-the-spells
    :parameters ()
    :precondition (deciphered-scripts)
    :effect (and (invoked-spells)
                 (not (deciphered-scripts))
                 (reached-library))
  )
)
