(define (domain veterinary-support)
  (:requirements :strips)
  (:predicates
    (has-expertise)
    (assessed ?dog)
    (support-program-designed ?dog)
    (support-program-implemented ?dog)
    (resources-available)
    (metrics-established ?dog)
    (needs-adjustment ?dog)
  )

  (:action assess
    :parameters (?dog)
    :precondition (has-expertise)
    :effect (and (assessed ?dog))
  )

  (:action design
    :parameters (?dog)
    :precondition (assessed ?dog)
    :effect (and (support-program-designed ?dog))
  )

  (:action implement
    :parameters (?dog)
    :precondition (and (support-program-designed ?dog) (resources-available))
    :effect (and (support-program-implemented ?dog))
  )

  (:action monitor
    :parameters (?dog)
    :precondition (and (support-program-implemented ?dog) (metrics-established ?dog))
    :effect (and (needs-adjustment ?dog))
  )

  (:action adjust
    :parameters (?dog)
    :precondition (needs-adjustment ?dog)
    :effect (and (not (needs-adjustment ?dog)) (support-program-designed ?dog))
  )
)
