(define (domain ice_bullet_simulation)
  (:requirements :strips :typing) ; Ensure :typing is included
  (:types bullet force distance velocity temperature travel_time mass impact_velocity) ; Correctly define all types
  (:predicates
    (known-mass ?b - bullet)
    (known-force ?f - force)
    (velocity-calculated ?b - bullet)
    (ambient-temp-known)
    (structural-integrity ?b - bullet)
    (lethality-assessed ?b - bullet)
  )

  (:action calculateVelocity
    :parameters (?b - bullet ?f - force ?d - distance)
    :precondition (and (known-mass ?b) (known-force ?f))
    :effect (velocity-calculated ?b)
  )

  (:action simulateMelting
    :parameters (?b - bullet ?v - velocity ?t - temperature ?time - travel_time)
    :precondition (and (velocity-calculated ?b) (ambient-temp-known))
    :effect (structural-integrity ?b)
  )

  (:action assessLethality
    :parameters (?b - bullet ?m - mass ?v - impact_velocity)
    :precondition (and (known-mass ?b) (velocity-calculated ?b))
    :effect (lethality-assessed ?b)
  )
)
