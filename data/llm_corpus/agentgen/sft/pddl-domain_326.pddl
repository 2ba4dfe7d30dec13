(define (domain android-tempfile-management)
  (:requirements :strips)
  (:predicates
    (access-to-android-dev-tools)
    (setup-android-dev-env)
    (knowledge-of-filecreatetempfile)
    (understanding-of-tempfile-lifecycle)
    (observed-tempfile-behavior)
    (formulated-best-practices)
  )

  (:action investigatelifecycle
    :parameters (?tempfile-creation-method ?deletion-mechanism)
    :precondition (access-to-android-dev-tools)
    :effect (understanding-of-tempfile-lifecycle)
  )

  (:action experimentcreation
    :parameters (?dev-env ?tempfile-management)
    :precondition (and (setup-android-dev-env) (knowledge-of-filecreatetempfile))
    :effect (observed-tempfile-behavior)
  )

  (:action formulatebestpractices
    :parameters (?observed-behavior ?management-strategies)
    :precondition (and (understanding-of-tempfile-lifecycle) (observed-tempfile-behavior))
    :effect (formulated-best-practices)
  )
)
