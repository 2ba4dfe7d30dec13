(define (domain charity-gala)
  (:requirements :strips)
  (:predicates
    (has-network)
    (creative-mindset)
    (knows-eco-materials)
    (has-eco-conscious-team)
    (potential-suppliers-identified)
    (centerpiece-designs-ready)
    (logistics-plan-ready)
  )

  (:action research
    :parameters (?sourcing - object ?roses - object)
    :precondition (has-network)
    :effect (potential-suppliers-identified)
  )

  (:action design
    :parameters (?designs - object ?theme - object)
    :precondition (and (creative-mindset) (knows-eco-materials))
    :effect (centerpiece-designs-ready)
  )

  (:action implement
    :parameters (?plan - object ?assembly - object)
    :precondition (and (has-eco-conscious-team) (centerpiece-designs-ready))
    :effect (logistics-plan-ready)
  )
)
