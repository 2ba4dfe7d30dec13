(define (domain family_vacation_planning)
  (:requirements :strips)
  (:predicates
    (budget-friendly-accommodation-options ?a)
    (meal-planning-strategies ?m)
    (child-friendly-activities ?c)
    (accommodation-expenses-reduced)
    (dining-expenses-reduced)
    (enriching-experience)
    (safe-clean-environment ?a)
    (dietary-needs-met ?m)
    (suitable-for-ages ?c)
  )

  (:action create-budget-friendly-accommodation-options
    :parameters (?a)
    :precondition (safe-clean-environment ?a)
    :effect (and (budget-friendly-accommodation-options ?a)
                 (accommodation-expenses-reduced)
    )
  )

  (:action develop-meal-planning-strategies
    :parameters (?m)
    :precondition (dietary-needs-met ?m)
    :effect (and (meal-planning-strategies ?m)
                 (dining-expenses-reduced)
    )
  )

  (:action plan-child-friendly-activities
    :parameters (?c)
    :precondition (suitable-for-ages ?c)
    :effect (and (child-friendly-activities ?c)
                 (enriching-experience)
    )
  )
)
