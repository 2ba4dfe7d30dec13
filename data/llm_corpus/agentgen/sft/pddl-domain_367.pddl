(define (domain diaper-changing-guide)
  (:requirements :strips)
  (:predicates
    (need-for-guide)
    (information-gathered)
    (steps-outlined)
    (safety-tips-highlighted)
    (comfort-tips-included)
  )

  (:action gather_information
    :parameters ()
    :precondition (need-for-guide)
    :effect (and (information-gathered)
                 (not (need-for-guide)))
  )

  (:action outline_steps
    :parameters ()
    :precondition (information-gathered)
    :effect (and (steps-outlined)
                 (not (information-gathered)))
  )

  (:action highlight_safety_tips
    :parameters ()
    :precondition (steps-outlined)
    :effect (and (safety-tips-highlighted)
                 (not (steps-outlined)))
  )

  (:action include_comfort_tips
    :parameters ()
    :precondition (safety-tips-highlighted)
    :effect (and (comfort-tips-included)
                 (not (safety-tips-highlighted)))
  )
)
