(define (domain language-learning)
  (:requirements :strips)
  (:predicates
    (goals-determined)
    (resources-selected)
    (schedule-established)
    (engaging-in-practice)
    (progress-evaluated)
  )

  (:action determine-language-learning-goals
    :parameters ()
    :precondition (and)
    :effect (and (goals-determined))
  )

  (:action select-learning-resources
    :parameters ()
    :precondition (and (goals-determined))
    :effect (and (resources-selected))
  )

  (:action establish-study-schedule
    :parameters ()
    :precondition (and (resources-selected))
    :effect (and (schedule-established))
  )

  (:action engage-in-regular-practice
    :parameters ()
    :precondition (and (schedule-established))
    :effect (and (engaging-in-practice))
  )

  (:action evaluate-progress
    :parameters ()
    :precondition (and (engaging-in-practice))
    :effect (and (progress-evaluated))
  )
)
