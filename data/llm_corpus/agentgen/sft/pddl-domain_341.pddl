(define (domain sports-performance-enhancement)
  (:requirements :strips)
  (:predicates
    (access-to-data ?d - discipline)
    (understands-sports-science)
    (wellness-materials-developed)
    (support-system-established)
    (analysis-conducted ?d - discipline)
    (training-program-developed ?d - discipline)
    (wellness-program-launched)
  )

  (:types
    discipline metric training_program wellness_program performance_enhancement
  )

  (:action survey
    :parameters (?d - discipline ?m - metric)
    :precondition (access-to-data ?d)
    :effect (analysis-conducted ?d)
  )

  (:action develop
    :parameters (?tp - training_program ?d - discipline)
    :precondition (and (analysis-conducted ?d) (understands-sports-science))
    :effect (training-program-developed ?d)
  )

  (:action educate
    :parameters (?wp - wellness_program ?pe - performance_enhancement)
    :precondition (and (wellness-materials-developed) (support-system-established))
    :effect (wellness-program-launched)
  )
)
