(define (domain bible-verse-platform)
  (:requirements :strips)
  (:types object) ; Explicitly defining 'object' type, even though it's usually unnecessary.
  (:predicates
    (database-ready)
    (understands-nlp)
    (vision-for-interface)
    (knows-web-design)
    (coding-skills)
    (knows-recommendation-algorithms)
    (feedback-mechanism-ready)
    (committed-to-improvement)
    (algorithm-selected ?algorithm - object)
    (feature-designed ?feature - object)
    (recommendation-system-implemented)
    (feedback-engaged)
  )

  (:action select
    :parameters (?algorithm - object ?user_query - object)
    :precondition (and (database-ready) (understands-nlp))
    :effect (algorithm-selected ?algorithm)
  )

  (:action design
    :parameters (?feature - object ?platform_interface - object)
    :precondition (and (vision-for-interface) (knows-web-design))
    :effect (feature-designed ?feature)
  )

  (:action implement
    :parameters (?recommendation_system - object ?platform - object)
    :precondition (and (coding-skills) (knows-recommendation-algorithms))
    :effect (recommendation-system-implemented)
  )

  (:action engage
    :parameters (?user_feedback - object ?improvement - object)
    :precondition (and (feedback-mechanism-ready) (committed-to-improvement))
    :effect (feedback-engaged)
  )
)
