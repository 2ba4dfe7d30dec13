(define (domain football-management)
  (:requirements :strips)
  (:predicates
    (injury-report-received ?player)
    (significant-event-occurred)
    (knowledge-of-player-conditions)
    (player-available ?player)
    (positive-public-perception)
    (positive-team-morale)
    (team-prepared)
    (successful-strategy)
  )

  (:action manage
    :parameters (?player)
    :precondition (injury-report-received ?player)
    :effect (and
              (player-available ?player)
              (not (injury-report-received ?player))
            )
  )

  (:action address
    :parameters ()
    :precondition (significant-event-occurred)
    :effect (and
              (positive-public-perception)
              (positive-team-morale)
            )
  )

  (:action strategize
    :parameters ()
    :precondition (knowledge-of-player-conditions)
    :effect (and
              (team-prepared)
              (successful-strategy)
            )
  )
)
