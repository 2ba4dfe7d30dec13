(define (domain rally-safety)
  (:requirements :strips)
  (:predicates
    (roll_cage_not_reinforced)
    (harness_system_not_implemented)
    (energy_absorbing_materials_not_introduced)
    (roll_cage_reinforced)
    (harness_system_implemented)
    (energy_absorbing_materials_introduced)
    (vehicle_lightweight)
    (rapid_egress_possible)
    (impact_forces_reduced)
  )

  (:action develop_roll_cage_reinforcement
    :parameters ()
    :precondition (and (roll_cage_not_reinforced) (vehicle_lightweight))
    :effect (and (roll_cage_reinforced) (not (roll_cage_not_reinforced)) (impact_forces_reduced))
  )

  (:action implement_advanced_harness_systems
    :parameters ()
    :precondition (and (harness_system_not_implemented) (rapid_egress_possible))
    :effect (and (harness_system_implemented) (not (harness_system_not_implemented)))
  )

  (:action introduce_energy_absorbing_materials
    :parameters ()
    :precondition (and (energy_absorbing_materials_not_introduced) (vehicle_lightweight))
    :effect (and (energy_absorbing_materials_introduced) (not (energy_absorbing_materials_not_introduced)) (impact_forces_reduced))
  )
)
