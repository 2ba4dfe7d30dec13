(define (domain mooc-accessibility-analysis)
  (:requirements :strips)
  (:predicates
    (basic-understanding)
    (identified-accessibility-components)
    (estimated-costs)
    (assessed-benefits-challenges)
    (proposed-recommendations)
  )

  (:action identify-accessibility-components
    :parameters ()
    :precondition (basic-understanding)
    :effect (and (identified-accessibility-components)
                 (not (basic-understanding)))
  )

  (:action estimate-costs
    :parameters ()
    :precondition (identified-accessibility-components)
    :effect (and (estimated-costs)
                 (not (identified-accessibility-components)))
  )

  (:action assess-benefits-and-challenges
    :parameters ()
    :precondition (estimated-costs)
    :effect (and (assessed-benefits-challenges)
                 (not (estimated-costs)))
  )

  (:action propose-recommendations
    :parameters ()
    :precondition (assessed-benefits-challenges)
    :effect (and (proposed-recommendations)
                 (not (assessed-benefits-challenges)))
  )
)
