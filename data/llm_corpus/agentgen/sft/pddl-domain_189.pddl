(define (domain mental-health-management)
  (:requirements :strips)
  (:predicates
    (honest-self-assessment)
    (detailed-work-routine)
    (knowledge-of-mental-health-management)
    (understanding-of-work-demands)
    (understanding-of-stress-management)
    (understanding-of-self-care-principles)
    (stressors-identified)
    (plan-developed)
    (stress-reduced)
  )

  (:action evaluate
    :parameters (?mental-health-state ?work-habits)
    :precondition (and (honest-self-assessment) (detailed-work-routine))
    :effect (stressors-identified)
  )

  (:action develop
    :parameters (?management-plan ?work-life-balance)
    :precondition (and (knowledge-of-mental-health-management) (understanding-of-work-demands))
    :effect (plan-developed)
  )

  (:action implement
    :parameters (?stress-reduction-techniques ?self-care)
    :precondition (and (understanding-of-stress-management) (understanding-of-self-care-principles))
    :effect (stress-reduced)
  )
)
