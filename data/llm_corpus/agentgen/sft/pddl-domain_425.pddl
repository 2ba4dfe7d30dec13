(define (domain love-letter)
  (:requirements :strips)
  (:predicates
    (understands-character-development)
    (understands-narrative-storytelling)
    (letter-drafted)
    (emotions-explored ?theme)
    (conflict-addressed)
    (empathy-shown)
    (reconciliation-considered)
    (respect-maintained)
    (universal-themes-explored ?theme)
  )

  (:action draft-emotional-narrative
    :parameters (?theme)
    :precondition (and (understands-character-development) (understands-narrative-storytelling))
    :effect (and (letter-drafted) (emotions-explored ?theme))
  )

  (:action explore-conflict
    :parameters ()
    :precondition (letter-drafted)
    :effect (conflict-addressed)
  )

  (:action show-empathy
    :parameters ()
    :precondition (letter-drafted)
    :effect (empathy-shown)
  )

  (:action consider-reconciliation
    :parameters ()
    :precondition (letter-drafted)
    :effect (reconciliation-considered)
  )

  (:action maintain-respect
    :parameters ()
    :precondition (letter-drafted)
    :effect (respect-maintained)
  )

  (:action explore-universal-theme
    :parameters (?theme)
    :precondition (letter-drafted)
    :effect (universal-themes-explored ?theme)
  )
)
