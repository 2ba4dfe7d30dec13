(define (domain chateval)
  (:requirements :strips)
  (:predicates
    (understands-limitations)
    (has-knowledge-of-ai-applications)
    (has-api-development-expertise)
    (goals-defined)
    (usecases-identified)
    (api-designed)
  )

  (:action definegoals
    :parameters ()
    :precondition (understands-limitations)
    :effect (goals-defined)
  )

  (:action identifyusecases
    :parameters ()
    :precondition (has-knowledge-of-ai-applications)
    :effect (usecases-identified)
  )

  (:action designapi
    :parameters ()
    :precondition (has-api-development-expertise)
    :effect (api-designed)
  )
)
