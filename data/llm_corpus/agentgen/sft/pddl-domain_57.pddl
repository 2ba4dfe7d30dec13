(define (domain alien-integration)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    alien ; Assuming alien is the only type we need, but more can be added if necessary
  )
  (:predicates
    (disguised-as-human ?a - alien)
    (understanding-human-culture ?a - alien)
    (has-scientific-data ?a - alien)
    (has-access-to-research ?a - alien)
    (understands-human-economy ?a - alien)
    (established-interstellar-trade ?a - alien)
  )

  (:action conduct-cultural-immersion
    :parameters (?a - alien)
    :precondition (disguised-as-human ?a)
    :effect (understanding-human-culture ?a)
  )

  (:action gather-scientific-data
    :parameters (?a - alien)
    :precondition (and (disguised-as-human ?a) (has-access-to-research ?a))
    :effect (has-scientific-data ?a)
  )

  (:action initiate-commercial-exchanges
    :parameters (?a - alien)
    :precondition (and (disguised-as-human ?a) (understands-human-economy ?a))
    :effect (established-interstellar-trade ?a)
  )
)
