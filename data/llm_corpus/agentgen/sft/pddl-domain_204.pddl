(define (domain math-education)
  (:requirements :strips)
  (:predicates
    (basic-understanding-multiplication-division)
    (understands-basic-math-operations)
    (willing-to-engage-constructively)
    (understands-unit-conversion)
    (can-apply-unit-conversion)
    (can-critique-calculations)
  )

  (:action explain-unit-conversion
    :parameters (?unit-conversion - object ?measurement-context - object)
    :precondition (basic-understanding-multiplication-division)
    :effect (and (understands-unit-conversion)
                 (not (basic-understanding-multiplication-division))))

  (:action demonstrate-conversion-application
    :parameters (?conversion-application - object ?mathematical-exercises - object)
    :precondition (and (understands-basic-math-operations) (understands-unit-conversion))
    :effect (and (can-apply-unit-conversion)
                 (not (understands-basic-math-operations))))

  (:action evaluate-calculation-accuracy
    :parameters (?calculation-accuracy - object ?peer-review - object)
    :precondition (and (willing-to-engage-constructively) (can-apply-unit-conversion))
    :effect (and (can-critique-calculations)
                 (not (willing-to-engage-constructively))))
)
