(define (domain heartfelt-letter)
  (:requirements :strips)
  (:types emotion memory)
  (:predicates
    (genuine-emotion ?e - emotion)
    (significant-memory ?m - memory)
    (emotion-expressed ?e - emotion)
    (memory-recounted ?m - memory)
  )

  (:action express
    :parameters (?e - emotion)
    :precondition (genuine-emotion ?e)
    :effect (and (emotion-expressed ?e)
                 (not (genuine-emotion ?e)))
  )

  (:action recount
    :parameters (?m - memory)
    :precondition (significant-memory ?m)
    :effect (and (memory-recounted ?m)
                 (not (significant-memory ?m)))
  )
)
