(define (domain language-learning-app)
  (:requirements :strips :typing)
  (:predicates
    (content-developed ?content_integration)
    (technology-implemented ?progress_tracking)
    (engagement-enhanced ?engagement)
    (content-integrated-into-daily-activities ?content_integration)
    (progress-tracked-with-adaptive-technology ?progress_tracking)
    (engagement-increased-with-multimedia-content ?engagement)
  )

  (:action develop
    :parameters (?content_integration ?into_daily_activities)
    :precondition (not (content-integrated-into-daily-activities ?content_integration))
    :effect (and
      (content-developed ?content_integration)
      (content-integrated-into-daily-activities ?content_integration)
    )
  )

  (:action implement
    :parameters (?progress_tracking ?with_adaptive_technology)
    :precondition (not (progress-tracked-with-adaptive-technology ?progress_tracking))
    :effect (and
      (technology-implemented ?progress_tracking)
      (progress-tracked-with-adaptive-technology ?progress_tracking)
    )
  )

  (:action enhance
    :parameters (?engagement ?with_multimedia_content)
    :precondition (not (engagement-increased-with-multimedia-content ?engagement))
    :effect (and
      (engagement-enhanced ?engagement)
      (engagement-increased-with-multimedia-content ?engagement)
    )
  )
)
