(define (domain deception-detection)
  (:requirements :strips)
  (:predicates
    (volunteers-selected)
    (statements-prepared)
    (detection-methods-employed)
    (data-collected)
    (analysis-completed)
  )

  (:action select-volunteers
    :parameters ()
    :precondition (and)
    :effect (and (volunteers-selected))
  )

  (:action prepare-statements
    :parameters ()
    :precondition (and (volunteers-selected))
    :effect (and (statements-prepared))
  )

  (:action employ-detection-methods
    :parameters ()
    :precondition (and (statements-prepared))
    :effect (and (detection-methods-employed))
  )

  (:action collect-data
    :parameters ()
    :precondition (and (detection-methods-employed))
    :effect (and (data-collected))
  )

  (:action analyze-effectiveness
    :parameters ()
    :precondition (and (data-collected))
    :effect (and (analysis-completed))
  )
)
