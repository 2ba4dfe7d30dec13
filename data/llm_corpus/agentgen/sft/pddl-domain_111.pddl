(define (domain letter-of-recommendation)
  (:requirements :strips)
  (:predicates
    (proven-track-record-discretion)
    (demonstrated-adaptability)
    (shown-loyalty)
    (drafted-discretion ?segment)
    (composed-adaptability ?paragraph)
    (articulated-loyalty ?section))

  (:action draft
    :parameters (?segment)
    :precondition (proven-track-record-discretion)
    :effect (drafted-discretion ?segment))

  (:action compose
    :parameters (?paragraph)
    :precondition (demonstrated-adaptability)
    :effect (composed-adaptability ?paragraph))

  (:action articulate
    :parameters (?section)
    :precondition (shown-loyalty)
    :effect (articulated-loyalty ?section))
)
