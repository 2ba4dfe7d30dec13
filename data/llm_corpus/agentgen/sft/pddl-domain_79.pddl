(define (domain debate-series)
  (:requirements :strips)
  (:predicates
    (research-done)
    (arguments-created)
    (debates-organized)
    (platform-launched)
    (public-opinion-collected)
  )

  (:action research-social-economic-psychological-effects
    :parameters ()
    :precondition (and)
    :effect (and (research-done))
  )

  (:action create-balanced-arguments
    :parameters ()
    :precondition (and (research-done))
    :effect (and (arguments-created))
  )

  (:action organize-debates-with-experts
    :parameters ()
    :precondition (and (arguments-created))
    :effect (and (debates-organized))
  )

  (:action launch-online-platform-for-discussion
    :parameters ()
    :precondition (and (debates-organized))
    :effect (and (platform-launched))
  )

  (:action collect-public-opinion
    :parameters ()
    :precondition (and (platform-launched))
    :effect (and (public-opinion-collected))
  )

  (:action analyze-debate-effectiveness
    :parameters ()
    :precondition (and (public-opinion-collected))
    :effect (and)
  )
)
