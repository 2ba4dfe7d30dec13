(define (domain personal-health-consultancy)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types fitness_level personal_goals incremental_exercise_plan gradual_integration habit_forming_strategies consistent_engagement lifestyle_constraints) ; Defined types
  (:predicates
    (fitness-assessed ?f - fitness_level ?g - personal_goals)
    (exercise-plan-designed ?p - incremental_exercise_plan ?i - gradual_integration)
    (habit-strategies-implemented ?s - habit_forming_strategies ?e - consistent_engagement)
    (knows-basic-exercise-principles)
    (understands-behavioral-psychology)
    (has-lifestyle-constraints ?l - lifestyle_constraints)
    (has-clear-goals ?g - personal_goals)
  )

  (:action assess
    :parameters (?f - fitness_level ?g - personal_goals)
    :precondition (and (has-clear-goals ?g))
    :effect (and (fitness-assessed ?f ?g))
  )

  (:action design
    :parameters (?p - incremental_exercise_plan ?i - gradual_integration ?l - lifestyle_constraints)
    :precondition (and (knows-basic-exercise-principles) (has-lifestyle-constraints ?l))
    :effect (and (exercise-plan-designed ?p ?i))
  )

  (:action implement
    :parameters (?s - habit_forming_strategies ?e - consistent_engagement)
    :precondition (and (understands-behavioral-psychology))
    :effect (and (habit-strategies-implemented ?s ?e))
  )
)
