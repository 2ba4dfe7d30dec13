(define (domain pet_love_letter)
  (:requirements :strips)
  (:predicates
    (emotions-identified)
    (experiences-gathered)
    (letter-drafted)
  )

  (:action identify-emotions
    :parameters () ; Correctly formatted, even though it's empty
    :precondition (and ) ; Explicitly state no preconditions
    :effect (and (emotions-identified))
  )

  (:action gather-experiences
    :parameters () ; Correctly formatted, even though it's empty
    :precondition (and (emotions-identified)) ; Correctly formatted precondition
    :effect (and (experiences-gathered))
  )

  (:action draft-letter
    :parameters () ; Correctly formatted, even though it's empty
    :precondition (and (experiences-gathered)) ; Correctly formatted precondition
    :effect (and (letter-drafted))
  )
)
