(define (domain voting-rights-awareness)
  (:requirements :strips)
  (:predicates
    (historical-legal-background-researched)
    (informative-materials-created)
    (public-forums-webinars-organized)
    (social-media-campaign-launched)
    (public-feedback-collected)
    (campaign-effectiveness-analyzed)
  )

  (:action research-historical-legal-background
    :parameters ()
    :precondition (and)
    :effect (and (historical-legal-background-researched))
  )

  (:action create-informative-materials
    :parameters ()
    :precondition (and (historical-legal-background-researched))
    :effect (and (informative-materials-created))
  )

  (:action organize-public-forums-webinars
    :parameters ()
    :precondition (and (informative-materials-created))
    :effect (and (public-forums-webinars-organized))
  )

  (:action launch-social-media-campaign
    :parameters ()
    :precondition (and (public-forums-webinars-organized))
    :effect (and (social-media-campaign-launched))
  )

  (:action collect-public-feedback
    :parameters ()
    :precondition (and (social-media-campaign-launched))
    :effect (and (public-feedback-collected))
  )

  (:action analyze-campaign-effectiveness
    :parameters ()
    :precondition (and (public-feedback-collected))
    :effect (and (campaign-effectiveness-analyzed))
  )
)
