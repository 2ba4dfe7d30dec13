(define (domain relationship_workshop)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types participant behavior strategy workshop roleplay counselor) ; Defined types
  (:predicates
    (willing-to-share ?p - participant)
    (has-understanding ?c - counselor)
    (safe-environment)
    (workshop-content-developed)
    (participant-engaged ?p - participant)
    (content-tailored ?p - participant)
    (strategies-applied ?p - participant)
  )

  (:action identify
    :parameters (?p - participant ?b - behavior)
    :precondition (willing-to-share ?p)
    :effect (content-tailored ?p)
  )

  (:action develop
    :parameters (?c - counselor ?s - strategy ?w - workshop) ; Added ?c - counselor
    :precondition (has-understanding ?c)
    :effect (workshop-content-developed)
  )

  (:action facilitate
    :parameters (?r - roleplay ?p - participant)
    :precondition (and (participant-engaged ?p) (safe-environment))
    :effect (strategies-applied ?p)
  )
)
