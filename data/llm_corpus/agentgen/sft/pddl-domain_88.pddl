(define (domain pandemic-mitigation)
  (:requirements :strips)
  (:predicates
    (containment-strategies-identified)
    (public-health-measures-promoted)
    (vaccine-available)
    (population-vaccinated)
    (data-collected)
  )

  (:action identify-containment-strategies
    :parameters ()
    :precondition (and)
    :effect (and (containment-strategies-identified))
  )

  (:action promote-public-health-measures
    :parameters ()
    :precondition (and (containment-strategies-identified))
    :effect (and (public-health-measures-promoted))
  )

  (:action organize-vaccination-campaigns
    :parameters ()
    :precondition (and (vaccine-available))
    :effect (and (population-vaccinated))
  )

  (:action collect-data-on-virus-spread-and-measure-effectiveness
    :parameters ()
    :precondition (and (containment-strategies-identified) (public-health-measures-promoted) (population-vaccinated))
    :effect (and (data-collected))
  )
)
