(define (domain engineering-education)
  (:requirements :strips :typing)
  (:types
    method_type
    application_scenario
    selection_criteria
    problem_type
  )
  (:predicates
    (clear-understanding-of-scenario ?scenario - application_scenario)
    (detailed-understanding-of-methods)
    (method-selected ?method - method_type)
    (case-study-developed ?problem - problem_type ?method - method_type)
  )

  (:action analyzeMethod
    :parameters (?method - method_type ?scenario - application_scenario)
    :precondition (clear-understanding-of-scenario ?scenario)
    :effect (and (method-selected ?method)
                 (not (clear-understanding-of-scenario ?scenario)))
  )

  (:action compareMethods
    :parameters (?criteria - selection_criteria)
    :precondition (detailed-understanding-of-methods)
    :effect (and (detailed-understanding-of-methods)
    )
  )

  (:action developCaseStudy
    :parameters (?problem - problem_type ?method - method_type)
    :precondition (method-selected ?method)
    :effect (case-study-developed ?problem ?method)
  )
)
