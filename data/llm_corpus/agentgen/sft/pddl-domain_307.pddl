(define (domain ski-trip-planning)
  (:requirements :strips)
  (:predicates
    (has-meteorological-data)
    (has-snowfall-records)
    (has-tourism-data)
    (has-ski-resort-data)
    (historical-data-analyzed)
    (tourist-trends-analyzed)
    (interactive-guide-created)
  )

  (:action collect
    :parameters (?weather-data ?ski-seasons)
    :precondition (and (has-meteorological-data) (has-snowfall-records))
    :effect (historical-data-analyzed)
  )

  (:action analyze
    :parameters (?tourist-trends ?seasons)
    :precondition (and (has-tourism-data) (has-ski-resort-data))
    :effect (tourist-trends-analyzed)
  )

  (:action create
    :parameters (?guide ?planning)
    :precondition (and (historical-data-analyzed) (tourist-trends-analyzed))
    :effect (interactive-guide-created)
  )
)
