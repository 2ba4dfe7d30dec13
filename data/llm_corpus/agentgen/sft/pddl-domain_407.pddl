(define (domain sustainable-city)
  (:requirements :strips)
  (:predicates
    (conceptual-design-ready)
    (environmental-impact-assessed)
    (sustainable-infrastructure-designed)
    (community-initiatives-implemented)
    (community-engaged)
    (zero-net-carbon-emissions-achieved)
    (social-equity-ensured)
    (community-involvement-emphasized)
  )

  (:action assess-environmental-impact
    :parameters ()
    :precondition (conceptual-design-ready)
    :effect (and
      (environmental-impact-assessed)
      (not (conceptual-design-ready))
    )
  )

  (:action design-sustainable-infrastructure
    :parameters ()
    :precondition (environmental-impact-assessed)
    :effect (and
      (sustainable-infrastructure-designed)
      (not (environmental-impact-assessed))
    )
  )

  (:action implement-community-initiatives
    :parameters ()
    :precondition (and
      (sustainable-infrastructure-designed)
      (community-engaged)
    )
    :effect (and
      (community-initiatives-implemented)
      (zero-net-carbon-emissions-achieved)
      (social-equity-ensured)
      (community-involvement-emphasized)
      (not (sustainable-infrastructure-designed))
    )
  )
)
