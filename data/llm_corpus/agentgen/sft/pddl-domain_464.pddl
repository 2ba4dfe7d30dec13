(define (domain sea-glass-exhibition)
  (:requirements :strips)
  (:predicates
    (total-collection-calculated)
    (sea-glass-categorized)
    (display-areas-setup)
    (informational-panels-created)
  )

  (:action calculate-total-collection
    :parameters ()
    :precondition (and)
    :effect (and (total-collection-calculated))
  )

  (:action categorize-sea-glass
    :parameters ()
    :precondition (and (total-collection-calculated))
    :effect (and (sea-glass-categorized))
  )

  (:action setup-display-areas
    :parameters ()
    :precondition (and (sea-glass-categorized))
    :effect (and (display-areas-setup))
  )

  (:action create-informational-panels
    :parameters ()
    :precondition (and (display-areas-setup))
    :effect (and (informational-panels-created))
  )
)
