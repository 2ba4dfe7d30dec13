(define (domain public-health-campaign)
  (:requirements :strips)
  (:predicates
    (basic-understanding-germ-transmission)
    (informative-materials-created)
    (interactive-activities-designed)
    (public-awareness-assessed)
    (target-demographics-identified)
  )

  (:action create_informative_materials
    :parameters ()
    :precondition (basic-understanding-germ-transmission)
    :effect (informative-materials-created)
  )

  (:action design_interactive_activities
    :parameters ()
    :precondition (and (informative-materials-created) (public-awareness-assessed))
    :effect (interactive-activities-designed)
  )

  (:action assess_public_awareness_levels
    :parameters ()
    :precondition (target-demographics-identified)
    :effect (public-awareness-assessed)
  )

  (:action identify_target_demographics
    :parameters ()
    :precondition (and (basic-understanding-germ-transmission) (not (public-awareness-assessed)))
    :effect (target-demographics-identified)
  )
)
