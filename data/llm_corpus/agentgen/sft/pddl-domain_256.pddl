(define (domain horse-arthritis-care)
  (:requirements :strips)
  (:predicates
    (diagnosed-with-arthritis ?horse)
    (vet-recommended)
    (understands-physical-capabilities ?horse)
    (identified-environmental-factors ?horse)
    (has-assessment ?horse)
    (diet-adjusted ?horse)
    (exercise-modified ?horse)
    (environment-enhanced ?horse)
  )

  (:action consult
    :parameters (?horse ?veterinarian)
    :precondition (diagnosed-with-arthritis ?horse)
    :effect (and (vet-recommended)
                 (has-assessment ?horse))
  )

  (:action adjust_diet
    :parameters (?horse ?supplements ?feed_type)
    :precondition (and (vet-recommended) (has-assessment ?horse))
    :effect (diet-adjusted ?horse)
  )

  (:action modify_exercise
    :parameters (?horse ?intensity ?duration)
    :precondition (and (understands-physical-capabilities ?horse) (has-assessment ?horse))
    :effect (exercise-modified ?horse)
  )

  (:action enhance_environment
    :parameters (?horse ?bedding ?stall_modifications)
    :precondition (and (identified-environmental-factors ?horse) (has-assessment ?horse))
    :effect (environment-enhanced ?horse)
  )
)
