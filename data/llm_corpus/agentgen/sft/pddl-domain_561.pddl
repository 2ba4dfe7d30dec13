(define (domain game-strategy)
  (:requirements :strips)
  (:types level character strategy state player)
  
  (:predicates
    (at ?c - character ?l - level)
    (transition ?from - level ?to - level)
    (controls ?p - player ?c - character)
    (strategy-chosen ?c - character ?s - strategy)
    (environment-state ?l - level ?s - state)
    (behavior ?c - character ?s - state)
  )

  (:action move_character
    :parameters (?start - level ?end - level ?c - character)
    :precondition (and (at ?c ?start) (transition ?start ?end))
    :effect (and (at ?c ?end) (not (at ?c ?start)))
  )

  (:action choose_strategy
    :parameters (?s - strategy ?c - character ?p - player)
    :precondition (controls ?p ?c)
    :effect (strategy-chosen ?c ?s)
  )

  (:action change_state_based_on_environment
    :parameters (?c - character ?l - level ?s - state)
    :precondition (and (at ?c ?l) (environment-state ?l ?s))
    :effect (behavior ?c ?s)
  )
)
