(define (domain poet-world)
  (:requirements :strips)
  (:predicates
    (in-study-room ?poet)
    (has-inspiration ?poet)
    (has-draft ?poet)
    (has-polished-poem ?poet)
  )

  (:action gather_inspiration
    :parameters (?study_room ?poet ?books)
    :precondition (in-study-room ?poet)
    :effect (and (has-inspiration ?poet))
  )

  (:action draft_poem
    :parameters (?study_room ?poet ?typewriter)
    :precondition (and (in-study-room ?poet) (has-inspiration ?poet))
    :effect (and (has-draft ?poet) (not (has-inspiration ?poet)))
  )

  (:action revise_poem
    :parameters (?study_room ?poet ?notebook)
    :precondition (and (in-study-room ?poet) (has-draft ?poet))
    :effect (and (has-polished-poem ?poet) (not (has-draft ?poet)))
  )
)
