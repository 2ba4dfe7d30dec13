(define (domain mean-calculation)
  (:requirements :strips)
  (:predicates 
    (values-identified)
    (sum-calculated)
    (mean-calculated))

  (:action identify-values
    :parameters ()
    :precondition (and) ; Adjusted to include a non-empty, always true precondition
    :effect (values-identified))

  (:action sum-values
    :parameters ()
    :precondition (values-identified)
    :effect (and 
              (sum-calculated)
              (not (values-identified))))

  (:action calculate-mean
    :parameters ()
    :precondition (sum-calculated)
    :effect (and 
              (mean-calculated)
              (not (sum-calculated))))
)
