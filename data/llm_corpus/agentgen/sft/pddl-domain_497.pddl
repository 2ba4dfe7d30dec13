(define (domain php-error-handling)
  (:requirements :strips)
  (:predicates
    (error-identified ?e - error)
    (handling-style-chosen ?e - error ?s - style)
    (handling-style-implemented ?s - style ?d - detail)
    (system-improved ?effect - improvement)
  )

  (:types
    error style detail improvement
  )

  (:action selectErrorHandlingStyle
    :parameters (?e - error ?s - style)
    :precondition (error-identified ?e)
    :effect (handling-style-chosen ?e ?s)
  )

  (:action implementHandlingMechanism
    :parameters (?e - error ?s - style ?d - detail ?effect - improvement)
    :precondition (handling-style-chosen ?e ?s)
    :effect (and
      (handling-style-implemented ?s ?d)
      (system-improved ?effect)
    )
  )
)
