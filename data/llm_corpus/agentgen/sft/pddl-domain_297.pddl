(define (domain compassionate_response)
  (:requirements :strips)
  (:predicates
    (suicidal-post-identified)
    (support-offered)
    (professional-help-guided)
  )

  (:action identify-suicidal-post
    :parameters () ; No parameters needed for this action
    :precondition (and) ; Explicitly stating an empty precondition
    :effect (and (suicidal-post-identified)) ; Encapsulating effect correctly
  )

  (:action reach-out-with-support
    :parameters () ; No parameters needed for this action
    :precondition (and (suicidal-post-identified)) ; Correct precondition
    :effect (and (support-offered)) ; Encapsulating effect correctly
  )

  (:action guide-towards-professional-help
    :parameters () ; No parameters needed for this action
    :precondition (and (support-offered)) ; Correct precondition
    :effect (and (professional-help-guided)) ; Encapsulating effect correctly
  )
)
