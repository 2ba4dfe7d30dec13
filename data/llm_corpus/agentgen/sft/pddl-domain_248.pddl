(define (domain java_npe_education)
  (:requirements :strips)
  (:predicates
    (understands_boxing_unboxing ?student)
    (understands_npe_risk ?student)
    (understands_conditional_operators ?student)
    (understands_null_unboxing ?student)
    (understands_safe_boxing ?student)
    (understands_ternary_operator ?student)
  )

  (:action explain_null_unboxing
    :parameters (?student ?example_code)
    :precondition (and (understands_boxing_unboxing ?student))
    :effect (and (understands_null_unboxing ?student))
  )

  (:action demonstrate_safe_boxing
    :parameters (?student ?example_code)
    :precondition (and (understands_npe_risk ?student))
    :effect (and (understands_safe_boxing ?student))
  )

  (:action analyze_ternary_operator
    :parameters (?student ?example_code)
    :precondition (and (understands_conditional_operators ?student))
    :effect (and (understands_ternary_operator ?student))
  )
)
