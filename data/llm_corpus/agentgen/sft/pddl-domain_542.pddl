(define (domain virtual_personal_trainer)
  (:requirements :strips)
  (:types routine exercise_type user feedback intensity - object)

  (:predicates
    (following ?u - user ?r - routine)
    (performed_exercise ?u - user ?e - exercise_type)
    (provided_feedback ?u - user ?f - feedback)
    (exercise_intensity ?e - exercise_type ?i - intensity)
  )

  (:action select_routine
    :parameters (?cr - routine ?nr - routine ?u - user)
    :precondition (and (following ?u ?cr))
    :effect (and (following ?u ?nr)
                 (not (following ?u ?cr))))

  (:action customize_exercise
    :parameters (?et - exercise_type ?u - user ?f - feedback)
    :precondition (and (performed_exercise ?u ?et) (provided_feedback ?u ?f))
    :effect (and ; Assuming the effect is a tailored exercise, but specifics depend on feedback interpretation
                 ))

  (:action adjust_intensity_based_on_feedback
    :parameters (?e - exercise_type ?u - user ?i - intensity)
    :precondition (and (performed_exercise ?u ?e) (provided_feedback ?u ?i))
    :effect (and (exercise_intensity ?e ?i)
                 ; Assuming adjustments are made, but specifics depend on feedback interpretation
                 ))
)
