(define (domain controlled-exposure)
  (:requirements :strips :typing) ; Ensure :typing is included in the requirements
  (:types
    participant virus care ; Declare the types used in the domain
  )
  (:predicates
    (good-health ?p - participant)
    (no-underlying-conditions ?p - participant)
    (screened ?p - participant)
    (gave-consent ?p - participant)
    (exposed-to-virus ?p - participant)
    (needs-medical-intervention ?p - participant)
    (participating ?p - participant)
    (immune-response-recorded ?p - participant)
  )

  (:action screen-participant
    :parameters (?p - participant)
    :precondition (and (good-health ?p) (no-underlying-conditions ?p))
    :effect (screened ?p)
  )

  (:action expose-to-virus
    :parameters (?p - participant ?v - virus)
    :precondition (and (screened ?p) (gave-consent ?p))
    :effect (exposed-to-virus ?p)
  )

  (:action monitor-health-status
    :parameters (?p - participant)
    :precondition (exposed-to-virus ?p)
    :effect (immune-response-recorded ?p)
  )

  (:action provide-care
    :parameters (?p - participant ?c - care)
    :precondition (needs-medical-intervention ?p)
    :effect (and 
              (not (needs-medical-intervention ?p))
              (participating ?p))
  )
)
