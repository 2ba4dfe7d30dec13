(define (domain visibility-enhancement)
  (:requirements :strips)
  (:types visibility_technology effectiveness roadway_improvement expected_outcome safety_measures awareness_campaign)
  (:predicates
    (access-to-resources)
    (funds-available)
    (authority-approval)
    (educational-content-developed)
    (technology-understood ?tech - visibility_technology)
    (infrastructure-improved ?improvement - roadway_improvement)
    (drivers-educated ?campaign - awareness_campaign)
  )

  (:action researchtechnology
    :parameters (?tech - visibility_technology ?effectiveness - effectiveness)
    :precondition (access-to-resources)
    :effect (technology-understood ?tech)
  )

  (:action implementinfrastructure
    :parameters (?improvement - roadway_improvement ?outcome - expected_outcome)
    :precondition (and (funds-available) (authority-approval))
    :effect (infrastructure-improved ?improvement)
  )

  (:action educateDrivers
    :parameters (?measures - safety_measures ?campaign - awareness_campaign)
    :precondition (educational-content-developed)
    :effect (drivers-educated ?campaign)
  )
)
