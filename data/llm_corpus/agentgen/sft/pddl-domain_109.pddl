(define (domain literary-support)
  (:requirements :strips)
  (:predicates
    (understands-feelings)
    (piece-written ?piece)
    (piece-shared ?piece)
    (emotional-support-provided)
  )

  (:action write
    :parameters (?theme)
    :precondition (understands-feelings)
    :effect (and (piece-written ?theme))
  )

  (:action share
    :parameters (?piece)
    :precondition (piece-written ?piece)
    :effect (and (piece-shared ?piece) (emotional-support-provided))
  )
)
