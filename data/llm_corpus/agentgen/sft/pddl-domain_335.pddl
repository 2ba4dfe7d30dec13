(define (domain carbonation-education-campaign)
  (:requirements :strips)
  (:predicates
    (access-to-resources)
    (research-complete)
    (materials-designed)
    (campaign-distributed)
  )

  (:action research
    :parameters ()
    :precondition (access-to-resources)
    :effect (and (research-complete)
                 (not (access-to-resources)))
  )

  (:action design
    :parameters ()
    :precondition (research-complete)
    :effect (and (materials-designed)
                 (not (research-complete)))
  )

  (:action distribute
    :parameters ()
    :precondition (materials-designed)
    :effect (and (campaign-distributed)
                 (not (materials-designed)))
  )
)
