(define (domain fourth-of-july-dog-safety)
  (:requirements :strips)
  (:predicates
    (researched-safety-tips)
    (guide-compiled)
    (practical-advice-ready)
    (broad-safety-measures-covered)
  )

  (:action compile-safety-tips
    :parameters ()
    :precondition (researched-safety-tips)
    :effect (and (guide-compiled) (practical-advice-ready) (broad-safety-measures-covered))
  )
)
