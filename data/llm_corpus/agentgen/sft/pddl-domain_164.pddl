(define (domain digital-literacy-imdb)
  (:requirements :strips)
  (:predicates
    (relevant-content-focus ?content-focus)
    (guide-added ?guide-type ?content-focus ?benefit)
    (activity-organized ?activity-type ?curation-task ?thinking)
  )

  (:action createGuide
    :parameters (?guide-type ?content-focus ?benefit)
    :precondition (relevant-content-focus ?content-focus)
    :effect (guide-added ?guide-type ?content-focus ?benefit)
  )

  (:action organizeActivity
    :parameters (?activity-type ?curation-task ?thinking)
    :precondition (relevant-content-focus ?curation-task)
    :effect (activity-organized ?activity-type ?curation-task ?thinking)
  )
)
