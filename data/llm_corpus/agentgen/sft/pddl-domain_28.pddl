(define (domain electrical-safety-education)
  (:requirements :strips)
  (:predicates
    (basic-knowledge-of-electricity)
    (misconception-corrected)
    (safety-equipment-available)
    (controlled-environment)
    (experiments-conducted)
    (willing-to-engage)
    (supportive-educational-environment)
    (critical-thinking-developed) ; Corrected predicate name here
  )

  (:action clarify
    :parameters (?misconceptions ?scientific_explanations) ; Consider adding types in future revisions
    :precondition (basic-knowledge-of-electricity)
    :effect (and (misconception-corrected)
                 (not (basic-knowledge-of-electricity)))
  )

  (:action demonstrate
    :parameters (?safety_practices ?interactive_experiments) ; Consider adding types in future revisions
    :precondition (and (misconception-corrected)
                       (safety-equipment-available)
                       (controlled-environment))
    :effect (experiments-conducted)
  ) ; Added missing closing parenthesis here

  (:action engage
    :parameters (?scenario_based_learning ?student_participation) ; Consider adding types in future revisions
    :precondition (and (experiments-conducted)
                       (willing-to-engage)
                       (supportive-educational-environment))
    :effect (critical-thinking-developed)
  )
)
