(define (domain bioinformatics)
  (:requirements :strips)
  (:predicates
    (reviewed-existing-methodologies)
    (algorithm-developed)
    (understands-biological-implications)
    (method-decided)
  )

  (:action develop_algorithm
    :parameters ()
    :precondition (reviewed-existing-methodologies)
    :effect (and (algorithm-developed)
                 (not (reviewed-existing-methodologies)))
  )

  (:action decide_transcript_selection
    :parameters ()
    :precondition (and (algorithm-developed) (understands-biological-implications))
    :effect (and (method-decided)
                 (not (understands-biological-implications)))
  )
)
