(define (domain cmu-thesis-acknowledgment)
  (:requirements :strips)
  (:types grp contribution) ; Added contribution to types
  (:predicates
    (thanked ?g - grp)
    (acknowledged ?g - grp ?c - contribution)
  )

  (:action thank
    :parameters (?g - grp)
    :precondition (and) ; Corrected by adding a dummy precondition
    :effect (thanked ?g)
  )

  (:action acknowledge
    :parameters (?g - grp ?c - contribution)
    :precondition (and) ; Corrected by adding a dummy precondition
    :effect (acknowledged ?g ?c)
  )
)
