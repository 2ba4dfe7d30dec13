(define (domain hernia-home-care)
  (:requirements :strips)
  (:predicates
    (lifestyle-factor-identified ?lifestyle)
    (dietary-factor-understood ?diet)
    (exercise-identified ?exercise)
    (information-gathered ?lifestyle)
    (dietary-change-implemented ?diet)
    (exercise-practiced ?exercise)
  )

  (:action research
    :parameters (?lifestyle)
    :precondition (lifestyle-factor-identified ?lifestyle)
    :effect (information-gathered ?lifestyle)
  )

  (:action implement
    :parameters (?diet)
    :precondition (and (dietary-factor-understood ?diet)
                       (information-gathered ?diet))
    :effect (dietary-change-implemented ?diet)
  )

  (:action practice
    :parameters (?exercise)
    :precondition (exercise-identified ?exercise)
    :effect (exercise-practiced ?exercise)
  )
)
