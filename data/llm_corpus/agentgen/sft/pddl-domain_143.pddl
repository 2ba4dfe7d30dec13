(define (domain unix-command-optimization)
  (:requirements :strips)
  (:types
    command
    performance_characteristics
    usage_scenarios
    user
    best_practices
  )
  (:predicates
    (benchmark-tools-ready)
    (has-performance-comparison ?cmd - command)
    (understands-command-functionality ?cmd - command)
    (guide-ready ?cmd - command)
    (has-educational-materials)
  )

  (:action compare
    :parameters (?cmd - command ?perf - performance_characteristics)
    :precondition (benchmark-tools-ready)
    :effect (and (has-performance-comparison ?cmd))
  )

  (:action document
    :parameters (?usage - usage_scenarios ?cmd - command)
    :precondition (and (understands-command-functionality ?cmd) (has-performance-comparison ?cmd))
    :effect (and (guide-ready ?cmd))
  )

  (:action educate
    :parameters (?users - user ?practices - best_practices ?cmd - command)
    :precondition (guide-ready ?cmd)
    :effect (has-educational-materials)
  )
)
