(define (domain pool-decoration)
  (:requirements :strips)
  (:predicates
    (theme-chosen)
    (materials-acquired)
    (decoration-implemented)
  )

  (:action select-theme
    :parameters () ; Correctly including empty parentheses for parameters
    :precondition (and) ; Correctly formatting an empty precondition
    :effect (and (theme-chosen)) ; Ensuring effects are properly structured
  )

  (:action acquire-materials
    :parameters () ; Correctly including empty parentheses for parameters
    :precondition (and (theme-chosen)) ; Ensuring preconditions are properly structured
    :effect (and (materials-acquired)) ; Ensuring effects are properly structured
  )

  (:action implement-decoration
    :parameters () ; Correctly including empty parentheses for parameters
    :precondition (and (materials-acquired)) ; Ensuring preconditions are properly structured
    :effect (and (decoration-implemented)) ; Ensuring effects are properly structured
  )
)
