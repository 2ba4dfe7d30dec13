(define (domain classroom-phenomenon)
  (:requirements :strips)
  (:predicates
    (noticed-pattern)
    (observed-phenomenon)
    (hypothesis-formed)
    (experiment-conducted)
    (reaction-analyzed)
    (environment-understood)
    (psychological-factor-identified)
    (social-impact-understood)
  )

  (:action observe
    :parameters (?condition)
    :precondition (noticed-pattern)
    :effect (and (observed-phenomenon)
                 (environment-understood)
                 (psychological-factor-identified)
    )
  )

  (:action analyze
    :parameters (?reaction ?variable)
    :precondition (and (observed-phenomenon) (experiment-conducted))
    :effect (and (reaction-analyzed)
                 (social-impact-understood)
    )
  )

  (:action experiment
    :parameters (?variable)
    :precondition (hypothesis-formed)
    :effect (and (experiment-conducted)
                 (not (noticed-pattern)) ; Assuming the experiment might change the initial pattern noticed
    )
  )
)
