(define (domain cycling-team-optimization)
  (:requirements :strips)
  (:types location training_facility sports_scientist cyclist data - object)

  (:predicates
    (has_wind_tunnel ?tf - training_facility)
    (has_performance_data ?tf - training_facility)
    (identified_performance_metrics ?ss - sports_scientist)
    (has_preliminary_data ?ss - sports_scientist)
    (data_collected ?ss - sports_scientist)
    (data_analyzed ?ss - sports_scientist)
    (strategy_developed ?ss - sports_scientist)
  )

  (:action analyze_bike_performance
    :parameters (?loc - location ?tf - training_facility ?ss - sports_scientist)
    :precondition (and (has_wind_tunnel ?tf) (has_performance_data ?tf))
    :effect (and (data_collected ?ss))
  )

  (:action review_sports_science_literature
    :parameters (?loc - location ?tf - training_facility ?ss - sports_scientist)
    :precondition (identified_performance_metrics ?ss)
    :effect (and (data_analyzed ?ss))
  )

  (:action conduct_rider_feedback_sessions
    :parameters (?loc - location ?tf - training_facility ?ss - sports_scientist ?c - cyclist)
    :precondition (has_preliminary_data ?ss)
    :effect (and (data_collected ?ss))
  )

  (:action develop_optimal_bike_usage_strategy
    :parameters (?loc - location ?tf - training_facility ?ss - sports_scientist ?d - data)
    :precondition (and (data_collected ?ss) (data_analyzed ?ss))
    :effect (and (strategy_developed ?ss))
  )
)
