(define (domain empathetic-communication)
  (:requirements :strips)
  (:predicates
    (understands-impact)
    (has-realistic-outlook)
    (can-communicate-effectively)
    (trust-strengthened)
    (morale-boosted)
    (team-unified)
  )

  (:action acknowledge
    :parameters (?concern)
    :precondition (and (understands-impact))
    :effect (and (trust-strengthened) (team-unified))
  )

  (:action provide
    :parameters (?reassurance)
    :precondition (and (has-realistic-outlook) (can-communicate-effectively))
    :effect (and (morale-boosted) (team-unified))
  )
)
