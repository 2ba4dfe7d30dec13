(define (domain coffee-tasting)
  (:requirements :strips)
  (:predicates
    (coffee-varieties-selected)
    (coffee-prepared-consistently)
    (blind-tasting-organized)
    (feedback-collected)
    (results-analyzed)
  )

  (:action select-coffee-varieties
    :parameters ()
    :precondition (and)
    :effect (and (coffee-varieties-selected))
  )

  (:action prepare-coffee-consistently
    :parameters ()
    :precondition (and (coffee-varieties-selected))
    :effect (and (coffee-prepared-consistently))
  )

  (:action organize-blind-tasting
    :parameters ()
    :precondition (and (coffee-prepared-consistently))
    :effect (and (blind-tasting-organized))
  )

  (:action collect-feedback
    :parameters ()
    :precondition (and (blind-tasting-organized))
    :effect (and (feedback-collected))
  )

  (:action analyze-results
    :parameters ()
    :precondition (and (feedback-collected))
    :effect (and (results-analyzed))
  )
)
