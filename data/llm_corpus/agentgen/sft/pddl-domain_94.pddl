(define (domain racing-fuel-management)
  (:requirements :strips :typing)
  (:types
    car_type
    race_length
    team_role
    safety_procedures
    number_of_stops
  )
  (:predicates
    (fuel-efficiency-known ?car - car_type)
    (race-distance-known ?race - race_length)
    (fuel-consumption-calculated ?car - car_type)
    (race-strategy-understood)
    (performance-characteristics-known ?car - car_type)
    (race-strategy-optimized)
    (race-conditions-assessed)
    (strategic-objectives-defined)
    (fuel-load-optimized ?car - car_type)
    (trained-personnel-present ?role - team_role)
    (safety-protocols-adhered)
    (refueling-successful)
  )

  (:action calculate_fuel_consumption
    :parameters (?car - car_type ?race - race_length)
    :precondition (and (fuel-efficiency-known ?car) (race-distance-known ?race))
    :effect (fuel-consumption-calculated ?car)
  )

  (:action plan_fuel_stops
    :parameters (?car - car_type ?stops - number_of_stops ?strategy - safety_procedures) ; Corrected to include types for all parameters
    :precondition (and (race-strategy-understood) (performance-characteristics-known ?car))
    :effect (race-strategy-optimized)
  )

  (:action adjust_fuel_load
    :parameters (?car - car_type ?adjustment - safety_procedures ?reason - safety_procedures) ; Assuming 'adjustment' and 'reason' are of type 'safety_procedures' for correction
    :precondition (and (race-conditions-assessed) (strategic-objectives-defined))
    :effect (fuel-load-optimized ?car)
  )

  (:action manage_refueling
    :parameters (?role - team_role ?safety - safety_procedures)
    :precondition (and (trained-personnel-present ?role) (safety-protocols-adhered))
    :effect (refueling-successful)
  )
)
