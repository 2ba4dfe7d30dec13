(define (domain virtual-marketplace)
  (:requirements :strips)
  (:predicates
    (has-information ?student_persona ?budget_constraints ?supply_list)
    (has-economic-data ?economic_factors ?supply_and_demand)
    (has-evaluation-criteria ?quality_criteria ?cost_criteria)
    (simulated ?student_persona ?budget_constraints ?supply_list)
    (predicted ?economic_factors ?supply_and_demand)
    (evaluated ?supplier)
  )

  (:action simulate_purchasing_process
    :parameters (?student_persona ?budget_constraints ?supply_list)
    :precondition (has-information ?student_persona ?budget_constraints ?supply_list)
    :effect (simulated ?student_persona ?budget_constraints ?supply_list)
  )

  (:action predict_trends
    :parameters (?economic_factors ?supply_and_demand)
    :precondition (has-economic-data ?economic_factors ?supply_and_demand)
    :effect (predicted ?economic_factors ?supply_and_demand)
  )

  (:action evaluate_supplier_options
    :parameters (?quality_criteria ?cost_criteria ?supplier)
    :precondition (has-evaluation-criteria ?quality_criteria ?cost_criteria)
    :effect (evaluated ?supplier)
  )

  ; Additional predicates and actions can be defined here to model more complex interactions and dependencies.
)
