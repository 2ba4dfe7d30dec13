(define (domain poetry-generation)
  (:requirements :strips)
  (:predicates
    (emotion-supported ?e)
    (complexity-recognized ?c)
    (emotion-inputted ?e)
    (complexity-selected ?c)
    (poem-generated ?e ?c)
    (poem-outputted)
  )

  (:action inputemotion
    :parameters (?e)
    :precondition (emotion-supported ?e)
    :effect (emotion-inputted ?e)
  )

  (:action selectcomplexity
    :parameters (?c)
    :precondition (complexity-recognized ?c)
    :effect (complexity-selected ?c)
  )

  (:action generatepoem
    :parameters (?e ?c)
    :precondition (and (emotion-inputted ?e) (complexity-selected ?c))
    :effect (poem-generated ?e ?c)
  )

  (:action outputpoem
    :parameters (?e ?c)
    :precondition (poem-generated ?e ?c)
    :effect (poem-outputted)
  )
)
