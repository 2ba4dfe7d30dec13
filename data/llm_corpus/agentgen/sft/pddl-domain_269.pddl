(define (domain sci-fi-writing-workshop)
  (:requirements :strips)
  (:predicates
    (selected-stories ?ms - measurement_system)
    (understands-nuances ?ms - measurement_system)
    (identified-factors ?dt - discussion_topic)
    (gained-insights ?ms - measurement_system)
    (exercises-created ?et - exercise_topic)
    (strategies-equipped ?dt - discussion_topic)
  )

  (:types
    measurement_system exercise_topic discussion_topic
  )

  (:action analyzeEffectsOnStorytelling
    :parameters (?ms - measurement_system)
    :precondition (selected-stories ?ms)
    :effect (gained-insights ?ms)
  )

  (:action createWritingExercises
    :parameters (?et - exercise_topic ?ms - measurement_system)
    :precondition (understands-nuances ?ms)
    :effect (exercises-created ?et)
  )

  (:action discussBalanceBetweenAccuracyAndAccessibility
    :parameters (?dt - discussion_topic)
    :precondition (identified-factors ?dt)
    :effect (strategies-equipped ?dt)
  )
)
