(define (domain neurips-conference)
  (:requirements :strips)
  (:predicates
    (paper-completed)
    (presentation-prepared)
    (networking-goals-identified)
    (key-attendees-identified)
    (social-events-planned)
    (questions-prepared)
    (engaged-in-sessions)
    (confidence-boosted)
    (connections-established)
  )

  (:action prepare
    :parameters (?presentation - object ?feedback-sessions - object)
    :precondition (paper-completed)
    :effect (and
              (presentation-prepared)
              (confidence-boosted)
            )
  )

  (:action network
    :parameters (?attendee-list - object ?social-events - object)
    :precondition (and
                    (networking-goals-identified)
                    (key-attendees-identified)
                  )
    :effect (and
              (social-events-planned)
              (connections-established)
            )
  )

  (:action engage
    :parameters (?questions - object ?qa-sessions - object)
    :precondition (and
                    (questions-prepared)
                    (presentation-prepared)
                  )
    :effect (engaged-in-sessions)
  )
)
