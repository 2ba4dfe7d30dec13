(define (domain dog-poetry)
  (:requirements :strips)
  (:predicates
    (writing-from-dog-perspective)
    (environment-observed ?env)
    (emotion-identified ?emo)
    (genuine-emotion ?emo)
  )

  (:action observe
    :parameters (?env)
    :precondition (writing-from-dog-perspective)
    :effect (environment-observed ?env)
  )

  (:action express
    :parameters (?emo)
    :precondition (and (emotion-identified ?emo) (genuine-emotion ?emo))
    :effect (and)
  )
)
