(define (domain statistical-analysis)
  (:requirements :strips)
  (:predicates
    (in-workspace ?analyst)
    (has-software ?workspace)
    (mean-computed)
    (median-computed)
    (mode-computed)
    (visualization-platform-available ?workspace)
    (data-visualized)
  )

  (:action compute_mean
    :parameters (?workspace ?software ?analyst)
    :precondition (and (in-workspace ?analyst) (has-software ?workspace))
    :effect (mean-computed)
  )

  (:action compute_median
    :parameters (?workspace ?software ?analyst)
    :precondition (and (in-workspace ?analyst) (has-software ?workspace))
    :effect (median-computed)
  )

  (:action compute_mode
    :parameters (?workspace ?software ?analyst)
    :precondition (and (in-workspace ?analyst) (has-software ?workspace))
    :effect (mode-computed)
  )

  (:action visualize_data_distribution
    :parameters (?workspace ?platform ?analyst ?software)
    :precondition (and (mean-computed) (median-computed) (mode-computed) (visualization-platform-available ?workspace) (in-workspace ?analyst))
    :effect (data-visualized)
  )
)
