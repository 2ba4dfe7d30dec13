(define (domain bicycle-design)
  (:requirements :strips)
  (:predicates
    (gear_ratios_calculated ?designer)
    (materials_selected ?designer)
    (bicycle_assembled ?designer)
    (bicycle_tested ?designer)
  )

  (:action calculate_gear_ratio
    :parameters (?designer ?riding_conditions)
    :precondition (and )
    :effect (gear_ratios_calculated ?designer)
  )

  (:action select_materials
    :parameters (?designer ?gear_materials)
    :precondition (and (gear_ratios_calculated ?designer))
    :effect (materials_selected ?designer)
  )

  (:action assemble_bicycle
    :parameters (?designer ?assembly_details)
    :precondition (and (materials_selected ?designer))
    :effect (bicycle_assembled ?designer)
  )

  (:action test_bicycle
    :parameters (?designer ?test_conditions)
    :precondition (and (bicycle_assembled ?designer))
    :effect (bicycle_tested ?designer)
  )
)
