(define (domain stress-relief-center)
  (:requirements :strips :typing)
  (:types workshop counseling_session activity participant topic lifestyle)
  (:predicates
    (available-time-slot ?w - workshop)
    (available-space ?w - workshop)
    (available-counselor ?c - counseling_session)
    (session-time-available ?c - counseling_session)
    (plan-ready ?a - activity)
    (resources-available ?a - activity)
    (participant-needs-support ?p - participant)
    (workshop-organized ?w - workshop)
    (session-scheduled ?c - counseling_session ?p - participant)
    (healthy-lifestyle-promoted ?a - activity)
  )

  (:action organize
    :parameters (?w - workshop ?t - topic)
    :precondition (and (available-time-slot ?w) (available-space ?w))
    :effect (workshop-organized ?w)
  )

  (:action schedule
    :parameters (?c - counseling_session ?p - participant)
    :precondition (and (available-counselor ?c) (session-time-available ?c) (participant-needs-support ?p))
    :effect (session-scheduled ?c ?p)
  )

  (:action promote
    :parameters (?a - activity ?l - lifestyle)
    :precondition (and (plan-ready ?a) (resources-available ?a))
    :effect (healthy-lifestyle-promoted ?a)
  )
)
