(define (domain educational-module)
  (:requirements :strips)
  (:predicates
    (basic-knowledge-light)
    (understands-quantum-mechanics)
    (understands-electromagnetic-theory)
    (concept-wave-particle-duality-understood)
    (concept-photon-understood)
  )

  (:action illustrate-wave-particle-duality
    :parameters ()
    :precondition (and (basic-knowledge-light) (understands-quantum-mechanics))
    :effect (concept-wave-particle-duality-understood)
  )

  (:action explain-photon-concept
    :parameters ()
    :precondition (and (understands-electromagnetic-theory) (understands-quantum-mechanics))
    :effect (concept-photon-understood)
  )
)
