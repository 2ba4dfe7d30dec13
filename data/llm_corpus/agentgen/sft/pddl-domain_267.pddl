(define (domain voice-workshop)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    participant acoustic_principles voice_recording_techniques voice_adaptation_exercises
  ) ; Defined types for clarity and to fix the missing :types section
  (:predicates
    (understands-acoustics ?p - participant)
    (has-recording-equipment)
    (open-to-exploration ?p - participant)
    (aware-of-voice-difference ?p - participant)
    (has-hands-on-experience ?p - participant)
    (comfortable-with-recorded-voice ?p - participant)
    (safe-environment)
  )

  (:action explain
    :parameters (?p - participant ?a - acoustic_principles)
    :precondition (understands-acoustics ?p)
    :effect (aware-of-voice-difference ?p)
  )

  (:action demonstrate
    :parameters (?p - participant ?v - voice_recording_techniques)
    :precondition (and (has-recording-equipment) (understands-acoustics ?p))
    :effect (has-hands-on-experience ?p)
  )

  (:action conduct
    :parameters (?p - participant ?e - voice_adaptation_exercises)
    :precondition (and (open-to-exploration ?p) (safe-environment))
    :effect (comfortable-with-recorded-voice ?p)
  )
)
