(define (domain personal-happiness)
  (:requirements :strips)
  (:predicates
    (aware-of-needs)
    (understands-communication-techniques)
    (recognizes-unhealthy-patterns)
    (has-clear-understanding-of-needs)
    (mutual-understanding-improved)
    (boundaries-established)
    (emotional-well-being-protected)
    (safe-to-implement-strategies)
    (variety-of-techniques-understood)
    (personal-happiness-maintained)
    (self-care-practiced)
    (support-sought)
    (interests-maintained)
  )

  (:action identify-personal-needs
    :parameters ()
    :precondition (and (aware-of-needs))
    :effect (and (has-clear-understanding-of-needs)
                 (personal-happiness-maintained))
  )

  (:action communicate-effectively
    :parameters ()
    :precondition (and (understands-communication-techniques))
    :effect (and (mutual-understanding-improved)
                 (safe-to-implement-strategies))
  )

  (:action set-healthy-boundaries
    :parameters ()
    :precondition (and (recognizes-unhealthy-patterns))
    :effect (and (boundaries-established)
                 (emotional-well-being-protected))
  )

  (:action practice-self-care
    :parameters ()
    :precondition (and)
    :effect (and (self-care-practiced)
                 (emotional-well-being-protected))
  )

  (:action seek-support
    :parameters ()
    :precondition (and)
    :effect (and (support-sought))
  )

  (:action maintain-interests
    :parameters ()
    :precondition (and)
    :effect (and (interests-maintained)
                 (personal-happiness-maintained))
  )
)
