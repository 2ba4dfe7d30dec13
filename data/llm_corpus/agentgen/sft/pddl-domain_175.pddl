(define (domain subtle-dissent)
  (:requirements :strips :typing) ; Correctly include :typing in the requirements
  (:types
    person message symbolism ; Define the types used in the domain
  )
  (:predicates
    (understands ?p - person)
    (has-message ?m - message)
    (symbolism-used ?s - symbolism)
    (message-conveyed ?m - message)
    (solidarity-formed)
  )

  (:action convey
    :parameters (?m - message ?p - person)
    :precondition (and (has-message ?m) (understands ?p))
    :effect (and (message-conveyed ?m)
                 (not (has-message ?m)))
  )

  (:action utilize
    :parameters (?s - symbolism)
    :precondition (symbolism-used ?s)
    :effect (solidarity-formed)
  )
)
