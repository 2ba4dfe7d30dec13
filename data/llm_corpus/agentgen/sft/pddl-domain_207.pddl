(define (domain prime-number-game)
  (:requirements :strips)
  (:predicates
    (basic-understanding)
    (levels-completed)
    (ability-enhanced)
    (concept-applied)
  )

  (:action design
    :parameters (?puzzle)
    :precondition (basic-understanding)
    :effect (ability-enhanced)
  )

  (:action apply
    :parameters (?concept)
    :precondition (levels-completed)
    :effect (concept-applied)
  )
)
