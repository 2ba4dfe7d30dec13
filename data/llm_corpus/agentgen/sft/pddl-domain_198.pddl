(define (domain rooted-android-guide)
  (:requirements :strips)
  (:predicates
    (capability-identified ?capability)
    (research-completed ?capability)
    (guide-created ?feature)
    (feature-benefits-user ?feature)
    (feature-safe ?feature)
  )

  (:action research
    :parameters (?capability)
    :precondition (capability-identified ?capability)
    :effect (research-completed ?capability)
  )

  (:action implement
    :parameters (?feature ?capability)
    :precondition (and (research-completed ?capability)
                       (not (guide-created ?feature))
                       (not (feature-benefits-user ?feature))
                       (not (feature-safe ?feature)))
    :effect (and (guide-created ?feature)
                 (feature-benefits-user ?feature)
                 (feature-safe ?feature))
  )
)
