(define (domain social-dynamics)
  (:requirements :strips)
  (:predicates
    (visited-shop)
    (knows-peak-hours)
    (decided-message)
    (note-prepared)
    (quiet-moment-found)
    (right-moment-chosen)
    (note-handed-over)
    (response-received)
  )

  (:action observe_timing
    :parameters (?visit_time)
    :precondition (and (visited-shop) (knows-peak-hours))
    :effect (quiet-moment-found)
  )

  (:action prepare_note
    :parameters (?message_content)
    :precondition (decided-message)
    :effect (note-prepared)
  )

  (:action choose_moment
    :parameters (?approach_timing)
    :precondition (and (quiet-moment-found) (note-prepared))
    :effect (right-moment-chosen)
  )

  (:action respect_response
    :parameters (?response_action)
    :precondition (and (note-handed-over) (response-received))
    :effect (and (visited-shop) ; Ensures future visits are comfortable
                 (not (right-moment-chosen)) ; Resets the state for potential future attempts
                 (not (note-handed-over)) ; Reflects that the action of handing over the note is complete
                 (not (response-received))) ; Reflects that the response has been acknowledged
  )
)
