(define (domain polo-shirt-folding)
  (:requirements :strips)
  (:predicates
    (understands-best-practices)
    (instruction-set-developed)
    (feedback-mechanism-implemented)
    (user-feedback-collected)
    (feedback-analyzed)
    (instructions-refined)
    (instructions-validated)
    (interactive-platform-available)
  )

  (:action develop
    :parameters (?instruction-set ?folding-technique)
    :precondition (understands-best-practices)
    :effect (instruction-set-developed)
  )

  (:action implement
    :parameters (?feedback-mechanism ?user-interaction)
    :precondition (and (instruction-set-developed) (interactive-platform-available))
    :effect (feedback-mechanism-implemented)
  )

  (:action analyze
    :parameters (?user-feedback ?instruction-effectiveness)
    :precondition (user-feedback-collected)
    :effect (feedback-analyzed)
  )

  (:action refine
    :parameters (?instruction-set ?feedback-analysis)
    :precondition (feedback-analyzed)
    :effect (instructions-refined)
  )

  (:action validate
    :parameters (?instruction-effectiveness ?refined-instructions)
    :precondition (instructions-refined)
    :effect (instructions-validated)
  )
)
