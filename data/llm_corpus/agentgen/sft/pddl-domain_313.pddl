(define (domain visual-system-simulation)
  (:requirements :strips)
  (:predicates
    (dataset-created)
    (images-converted-to-grayscale)
    (experiments-conducted)
    (historical-reasoning-explored)
  )

  (:action create-dataset
    :parameters ()
    :precondition (and)
    :effect (and (dataset-created))
  )

  (:action convert-to-grayscale
    :parameters ()
    :precondition (and (dataset-created))
    :effect (and (images-converted-to-grayscale))
  )

  (:action conduct-experiments
    :parameters ()
    :precondition (and (images-converted-to-grayscale))
    :effect (and (experiments-conducted))
  )

  (:action explore-historical-reasoning
    :parameters ()
    :precondition (and (experiments-conducted))
    :effect (and (historical-reasoning-explored))
  )
)
