(define (domain cultural-exchange)
  (:requirements :strips)
  (:types
    event theme participantType
  )
  (:predicates
    (theme-identified ?theme - theme)
    (event-organized ?event - event)
    (participants-invited ?event - event ?ptype - participantType)
    (covers-theme ?event - event ?theme - theme)
    (theme-covered ?theme - theme)
  )

  (:action organizeEvent
    :parameters (?event - event ?theme - theme)
    :precondition (and (theme-identified ?theme)
                       (not (theme-covered ?theme)))
    :effect (and (event-organized ?event)
                 (covers-theme ?event ?theme)
                 (theme-covered ?theme))
  )

  (:action inviteParticipants
    :parameters (?event - event ?ptype - participantType)
    :precondition (event-organized ?event)
    :effect (participants-invited ?event ?ptype)
  )
)
