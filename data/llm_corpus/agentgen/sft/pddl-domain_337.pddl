(define (domain virtual-healthcare-clinic)
  (:requirements :strips :typing)
  (:types
    labwork patient appointment
  )
  (:predicates
    (available-slot)
    (lab-work-completed ?lw - labwork ?p - patient)
    (lab-work-reviewed ?lw - labwork ?p - patient)
    (informed ?p - patient)
  )

  (:action schedule
    :parameters (?lw - labwork ?p - patient ?a - appointment)
    :precondition (available-slot)
    :effect (and
              (not (available-slot))
              (lab-work-completed ?lw ?p)
            )
  )

  (:action review
    :parameters (?lw - labwork ?p - patient)
    :precondition (lab-work-completed ?lw ?p)
    :effect (and
              (lab-work-reviewed ?lw ?p)
              (not (lab-work-completed ?lw ?p))
            )
  )

  (:action communicate
    :parameters (?lw - labwork ?p - patient)
    :precondition (lab-work-reviewed ?lw ?p)
    :effect (and
              (informed ?p)
              (not (lab-work-reviewed ?lw ?p))
            )
  )
)
