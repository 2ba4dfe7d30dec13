(define (domain bicycle-workshop)
  (:requirements :strips)
  (:predicates
    (has-road-bike ?cyclist)
    (understands-tire-inspection ?cyclist)
    (willing-to-engage ?cyclist)
    (has-basic-knowledge ?cyclist)
    (knows-tire-selection-and-replacement ?cyclist)
  )

  (:action demonstrate
    :parameters (?cyclist)
    :precondition (has-road-bike ?cyclist)
    :effect (and (understands-tire-inspection ?cyclist))
  )

  (:action educate
    :parameters (?cyclist)
    :precondition (understands-tire-inspection ?cyclist)
    :effect (and (has-basic-knowledge ?cyclist))
  )

  (:action simulate
    :parameters (?cyclist)
    :precondition (and (willing-to-engage ?cyclist) (has-basic-knowledge ?cyclist))
    :effect (and (knows-tire-selection-and-replacement ?cyclist))
  )
)
