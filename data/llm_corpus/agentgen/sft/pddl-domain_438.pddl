(define (domain latex-watermark)
  (:requirements :strips)
  (:predicates
    (need-visible-watermark)
    (explored-packages)
    (knowledge-about ?package)
    (experimented ?modification ?setting)
    (watermark-over-content ?modification)
    (tested-text-and-images ?modification)
    (practical-solution ?modification)
  )

  (:action explore
    :parameters (?package)
    :precondition (need-visible-watermark)
    :effect (and
      (explored-packages)
      (knowledge-about ?package)
    )
  )

  (:action experiment
    :parameters (?modification ?setting)
    :precondition (and
      (explored-packages)
      (knowledge-about ?modification)
    )
    :effect (and
      (experimented ?modification ?setting)
      (tested-text-and-images ?modification)
    )
  )

  (:action validate-solution
    :parameters (?modification ?setting) ; Corrected by adding ?setting to the parameters
    :precondition (and
      (experimented ?modification ?setting)
      (tested-text-and-images ?modification)
    )
    :effect (and
      (watermark-over-content ?modification)
      (practical-solution ?modification)
    )
  )
)
