(define (domain paper-mosaic-art)
  (:requirements :strips)
  (:predicates
    (understands-mosaic-process)
    (has-supplies)
    (curriculum-prepared)
    (students-have-materials)
    (students-understand-color-theory)
    (students-practiced-techniques)
    (projects-completed)
    (feedback-given)
  )

  (:action prepare
    :parameters (?lesson-plan - object ?materials-list - object)
    :precondition (and (understands-mosaic-process) (has-supplies))
    :effect (curriculum-prepared)
  )

  (:action instruct
    :parameters (?students - object ?mosaic-techniques - object)
    :precondition (and (students-have-materials) (students-understand-color-theory) (curriculum-prepared))
    :effect (students-practiced-techniques)
  )

  (:action evaluate
    :parameters (?projects - object ?feedback-session - object)
    :precondition (and (projects-completed) (students-practiced-techniques))
    :effect (feedback-given)
  )
)
