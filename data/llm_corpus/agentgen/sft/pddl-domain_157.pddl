(define (domain financial-planning)
  (:requirements :strips)
  (:predicates
    (understands-financial-planning)
    (has-income)
    (has-expenses)
    (has-debt)
    (goals-identified)
    (budget-created)
    (investments-selected)
    (learning-plan-developed)
    (emergency-fund-prioritized)
    (diversification-understood)
    (risk-managed)
    (resources-available)
  )

  (:action establish-financial-goals
    :parameters ()
    :precondition (and (understands-financial-planning))
    :effect (and (goals-identified)
                 (emergency-fund-prioritized))
  )

  (:action create-budget
    :parameters ()
    :precondition (and (has-income) (has-expenses) (goals-identified))
    :effect (and (budget-created))
  )

  (:action select-investment-options
    :parameters ()
    :precondition (and (goals-identified) (diversification-understood) (risk-managed))
    :effect (and (investments-selected))
  )

  (:action plan-for-learning
    :parameters ()
    :precondition (and (resources-available))
    :effect (and (learning-plan-developed))
  )
)
