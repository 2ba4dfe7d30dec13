(define (domain fashion-design)
  (:requirements :strips)
  (:predicates
    (understands-fashion-trends)
    (design-plan-finalized)
    (resources-allocated)
    (prototype-produced)
    (prototype-approved)
    (final-product-ready)
    (market-ready)
  )

  (:action design
    :parameters (?coat-features - object ?material-selection - object)
    :precondition (understands-fashion-trends)
    :effect (and (design-plan-finalized)
                 (not (understands-fashion-trends))))

  (:action produce
    :parameters (?prototype - object ?testing-phase - object)
    :precondition (and (design-plan-finalized) (resources-allocated))
    :effect (and (prototype-produced)
                 (not (design-plan-finalized))
                 (not (resources-allocated))))

  (:action market
    :parameters (?final-product - object ?target-audience - object)
    :precondition (and (prototype-approved) (final-product-ready))
    :effect (and (market-ready)
                 (not (prototype-approved))
                 (not (final-product-ready))))
)
