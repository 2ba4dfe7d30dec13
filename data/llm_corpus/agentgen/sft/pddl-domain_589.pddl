(define (domain incontinence-management)
  (:requirements :strips)
  (:predicates
    (incontinence-identified)
    (bathroom-schedule-set)
    (reward-system-implemented)
    (protective-garments-provided)
    (management-plan-in-place)
  )

  (:action identify-incontinence-type
    :parameters ()
    :precondition (and)
    :effect (and (incontinence-identified))
  )

  (:action schedule-bathroom-breaks
    :parameters ()
    :precondition (and (incontinence-identified))
    :effect (and (bathroom-schedule-set))
  )

  (:action implement-reward-system
    :parameters ()
    :precondition (and (bathroom-schedule-set))
    :effect (and (reward-system-implemented))
  )

  (:action provide-protective-garments
    :parameters ()
    :precondition (and)
    :effect (and (protective-garments-provided))
  )

  (:action monitor-progress
    :parameters ()
    :precondition (and (incontinence-identified) (bathroom-schedule-set) (reward-system-implemented))
    :effect (and (management-plan-in-place))
  )
)
