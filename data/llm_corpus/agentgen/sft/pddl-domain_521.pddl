(define (domain andy-weir-guide)
  (:requirements :strips :typing)
  (:types novel user) ; Assuming 'novel' and 'user' are the only types needed.
  (:predicates
    (access-to-info ?novel - novel)
    (read ?novel - novel)
    (preferences-collected ?user - user)
    (summary-available ?novel - novel)
    (themes-analyzed ?novel - novel)
    (recommendations-ready ?user - user)
  )

  (:action compileSummaries
    :parameters (?novel - novel)
    :precondition (access-to-info ?novel)
    :effect (summary-available ?novel)
  )

  (:action analyzeThemes
    :parameters (?novel - novel)
    :precondition (read ?novel)
    :effect (themes-analyzed ?novel)
  )

  (:action implementRecommendationAlgorithm
    :parameters (?user - user)
    :precondition (preferences-collected ?user)
    :effect (recommendations-ready ?user)
  )
)
