(define (domain software-dev-practices)
  (:requirements :strips :typing)
  (:types log_level warning_type module strategy)

  (:predicates
    (logging-framework-setup ?m - module)
    (warning-system-integrated ?m - module)
    (module-exists ?m - module)
    (logging-level-set ?m - module ?l - log_level)
  )

  (:action implement-logging
    :parameters (?l - log_level ?msg - log_level ?m - module) ; Assuming log_level as a placeholder type for ?msg
    :precondition (logging-framework-setup ?m)
    :effect (and (logging-level-set ?m ?l)) ; Assuming a meaningful effect
  )

  (:action emit-warning
    :parameters (?wt - warning_type ?msg - warning_type ?m - module) ; Assuming warning_type as a placeholder type for ?msg
    :precondition (warning-system-integrated ?m)
    :effect (and (warning-system-integrated ?m)) ; Assuming a meaningful effect
  )

  (:action configure-logging-level
    :parameters (?m - module ?l - log_level)
    :precondition (and (module-exists ?m) (logging-framework-setup ?m))
    :effect (and (logging-level-set ?m ?l))
  )

  (:action review-and-adjust-warnings
    :parameters (?m - module ?s - strategy)
    :precondition (warning-system-integrated ?m)
    :effect (and (warning-system-integrated ?m)) ; Assuming a meaningful effect
  )
)
