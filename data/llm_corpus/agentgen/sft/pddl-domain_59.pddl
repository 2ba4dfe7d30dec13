(define (domain django-static-management)
  (:requirements :strips)
  (:predicates
    (understands-static-system)
    (configured ?settings)
    (correct-settings ?environment)
    (static-files-organized)
    (static-files-tested)
    (environment ?environment)
  )

  (:action configure
    :parameters (?settings ?environment)
    :precondition (and (understands-static-system) (environment ?environment))
    :effect (and (configured ?settings) (correct-settings ?environment))
  )

  (:action run
    :parameters (?command ?environment)
    :precondition (and (correct-settings ?environment))
    :effect (static-files-organized)
  )

  (:action test
    :parameters (?deployment ?environment)
    :precondition (and (static-files-organized) (correct-settings ?environment))
    :effect (static-files-tested)
  )
)
