(define (domain science-communication)
  (:requirements :strips)
  (:predicates
    (has-access-to-credible-sources)
    (research-completed ?topic)
    (script-ready ?topic)
    (video-created ?video)
    (shared-on-social-media ?platform ?video)
    (received-feedback ?video)
  )

  (:action research
    :parameters (?topic)
    :precondition (has-access-to-credible-sources)
    :effect (and (research-completed ?topic)
                 (script-ready ?topic))
  )

  (:action create
    :parameters (?video ?topic)
    :precondition (script-ready ?topic)
    :effect (and (video-created ?video))
  )

  (:action share
    :parameters (?video ?platform)
    :precondition (video-created ?video)
    :effect (and (shared-on-social-media ?platform ?video))
  )

  (:action evaluate
    :parameters (?video ?platform)
    :precondition (shared-on-social-media ?platform ?video)
    :effect (and (received-feedback ?video))
  )
)
