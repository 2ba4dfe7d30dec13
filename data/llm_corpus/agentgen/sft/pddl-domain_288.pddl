(define (domain couchsurfing-reputation)
  (:requirements :strips :typing)
  (:types
    response_guide
    reference_feedback
    feedback_mechanism
    platform
    user_interactions
  )
  (:predicates
    (understands-community-standards)
    (has-access-to-development-team)
    (has-clear-plan)
    (response-guide-accessible)
    (tracking-tools-available)
    (response-guide-drafted ?guide - response_guide)
    (feedback-mechanism-implemented ?mechanism - feedback_mechanism)
    (user-interactions-monitored ?guide - response_guide)
  )

  (:action draft
    :parameters (?guide - response_guide ?feedback - reference_feedback)
    :precondition (understands-community-standards)
    :effect (response-guide-drafted ?guide)
  )

  (:action implement
    :parameters (?mechanism - feedback_mechanism ?platform - platform)
    :precondition (and (has-access-to-development-team) (has-clear-plan))
    :effect (feedback-mechanism-implemented ?mechanism)
  )

  (:action monitor
    :parameters (?interactions - user_interactions ?guide - response_guide)
    :precondition (and (response-guide-accessible) (tracking-tools-available))
    :effect (user-interactions-monitored ?guide)
  )
)
