(define (domain storytelling)
  (:requirements :strips)
  (:predicates
    (has-basic-idea)
    (has-character)
    (has-setting)
    (has-plot)
  )

  (:action develop-character
    :parameters ()
    :precondition (has-basic-idea)
    :effect (and (has-character)
                 (not (has-basic-idea)))
  )

  (:action create-setting
    :parameters ()
    :precondition (has-character)
    :effect (and (has-setting)
                 (not (has-character)))
  )

  (:action weave-plot
    :parameters ()
    :precondition (and (has-setting))
    :effect (and (has-plot)
                 (not (has-setting)))
  )
)
