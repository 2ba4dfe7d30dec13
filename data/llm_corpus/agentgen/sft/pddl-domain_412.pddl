(define (domain healthcare-journalism)
  (:requirements :strips :typing) ; Ensure :typing is included if we're using types
  (:types
    healthcare_system journalist ; Correctly define types without '-'
  )
  (:predicates
    (access-to-study ?j - journalist) ; Ensure predicates are correctly defined with types
    (study-analyzed ?hs - healthcare_system ?j - journalist)
    (patient-outcomes-evaluated ?hs - healthcare_system ?j - journalist)
    (information-synthesized ?hs - healthcare_system ?j - journalist)
  )

  (:action analyze_study_findings
    :parameters (?hs - healthcare_system ?j - journalist) ; Ensure parameters are correctly typed
    :precondition (access-to-study ?j) ; Correct usage of predicate without specifying type again
    :effect (study-analyzed ?hs ?j)
  )

  (:action evaluate_patient_outcomes
    :parameters (?hs - healthcare_system ?j - journalist)
    :precondition (study-analyzed ?hs ?j)
    :effect (patient-outcomes-evaluated ?hs ?j)
  )

  (:action synthesize_information
    :parameters (?hs - healthcare_system ?j - journalist)
    :precondition (and (study-analyzed ?hs ?j) (patient-outcomes-evaluated ?hs ?j))
    :effect (information-synthesized ?hs ?j)
  )
)
