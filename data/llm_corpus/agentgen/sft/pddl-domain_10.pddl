(define (domain comparative-study-ml)
  (:requirements :strips)
  (:predicates
    (documentation-accessed)
    (user-experiences-accessed)
    (standard-tasks-developed)
    (computing-environment-ready)
    (comparison-chart-prepared)
    (benchmarks-conducted)
    (user-feedback-compiled)
    (study-objective)
    (study-comprehensive)
    (findings-presented-accessibly)
  )

  (:action compile-language-features-comparison
    :parameters ()
    :precondition (and (documentation-accessed) (user-experiences-accessed))
    :effect (and (comparison-chart-prepared) (study-objective) (study-comprehensive))

  )

  (:action conduct-performance-benchmarks
    :parameters ()
    :precondition (and (standard-tasks-developed) (computing-environment-ready))
    :effect (and (benchmarks-conducted) (study-objective))

  )

  (:action survey-user-experiences
    :parameters ()
    :precondition (user-experiences-accessed)
    :effect (and (user-feedback-compiled) (study-comprehensive))

  )

  (:action present-findings
    :parameters ()
    :precondition (and (comparison-chart-prepared) (benchmarks-conducted) (user-feedback-compiled))
    :effect (findings-presented-accessibly)
  )
)
