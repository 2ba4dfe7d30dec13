(define (domain airport-security-simulation)
  (:requirements :strips)
  (:predicates
    (knows-documents)
    (understands-child-needs)
    (at-security-checkpoint)
    (documents-prepared)
    (child-comfort-managed)
    (communicated-with-staff)
  )

  (:action prepare
    :parameters ()
    :precondition (knows-documents)
    :effect (documents-prepared)
  )

  (:action manage
    :parameters ()
    :precondition (understands-child-needs)
    :effect (child-comfort-managed)
  )

  (:action communicate
    :parameters ()
    :precondition (at-security-checkpoint)
    :effect (communicated-with-staff)
  )
)
