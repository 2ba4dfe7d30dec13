(define (domain gps-navigation)
  (:requirements :strips :typing :fluents)
  (:types satellite) ; No direct 'number' type, adhering to PDDL standards.
  (:predicates
    (operational ?s - satellite)
    (within-range ?s - satellite)
    (signal-received ?s - satellite)
    (distance-known ?s - satellite)
    (position-known)
  )

  (:action receiveSignal
    :parameters (?s - satellite)
    :precondition (and (operational ?s) (within-range ?s))
    :effect (signal-received ?s)
  )

  (:action calculateDistance
    :parameters (?s - satellite)
    :precondition (signal-received ?s)
    :effect (distance-known ?s)
  )

  ; Redefining triangulatePosition to fit PDDL's limitations.
  ; Assuming we abstract the concept of distances and simply check if enough satellites have known distances.
  (:action triangulatePosition
    :parameters (?s1 - satellite ?s2 - satellite ?s3 - satellite ?s4 - satellite)
    :precondition (and (distance-known ?s1) (distance-known ?s2) (distance-known ?s3) (distance-known ?s4))
    :effect (position-known)
  )
)
