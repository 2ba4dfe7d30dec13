(define (domain car-maintenance)
  (:requirements :strips)
  (:types cleaning_solution tool safety_gear cleaning_method part)

  (:predicates
    (basic-understanding)
    (environment-prepared)
    (correct-method-identified ?m - cleaning_method ?p - part)
    (part-prepped ?p - part)
    (cleaned ?p - part)
  )

  (:action select-materials
    :parameters (?cs - cleaning_solution ?t - tool ?sg - safety_gear)
    :precondition (basic-understanding)
    :effect (environment-prepared)
  )

  (:action apply-technique
    :parameters (?cm - cleaning_method ?p - part)
    :precondition (and (correct-method-identified ?cm ?p) (part-prepped ?p))
    :effect (cleaned ?p)
  )
)
