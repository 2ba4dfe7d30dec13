(define (domain energy_efficiency)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types resident location apartment device list) ; Assuming types based on usage in actions
  (:predicates
    (access-all-areas ?r - resident)
    (has-energy-tracking ?r - resident)
    (audited-energy ?r - resident)
    (has-researched-tips ?r - resident)
    (has-items-tools ?r - resident)
    (energy-consumption-reduced ?a - apartment)
  )

  (:action audit_energy_use
    :parameters (?l - location ?a - apartment ?r - resident)
    :precondition (and (access-all-areas ?r) (has-energy-tracking ?r))
    :effect (audited-energy ?r)
  )

  (:action research_energy_saving_tips
    :parameters (?l - location ?d - device ?r - resident)
    :precondition (audited-energy ?r)
    :effect (has-researched-tips ?r)
  )

  (:action implement_saving_measures
    :parameters (?l - location ?a - apartment ?r - resident ?list - list)
    :precondition (and (has-researched-tips ?r) (has-items-tools ?r))
    :effect (energy-consumption-reduced ?a)
  )
)
