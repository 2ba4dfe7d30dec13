(define (domain metric-system-adoption)
  (:requirements :strips)
  (:types historical_moment policy_influence influence_strategy lobbying_and_persuasion educational_material metric_system_benefits)
  (:predicates
    (understands-history)
    (knows-metric-system-global-timeline)
    (identified-historical-moment ?moment - historical_moment)
    (knows-historical-attitudes)
    (identified-potential-allies)
    (strategy-developed ?strategy - influence_strategy)
    (materials-prepared ?material - educational_material)
    (has-expertise-in-metric-system)
    (can-produce-compelling-content)
  )

  (:action identify
    :parameters (?moment - historical_moment ?influence - policy_influence)
    :precondition (and (understands-history) (knows-metric-system-global-timeline))
    :effect (identified-historical-moment ?moment)
  )

  (:action develop
    :parameters (?strategy - influence_strategy ?lobbying - lobbying_and_persuasion)
    :precondition (and (knows-historical-attitudes) (identified-potential-allies))
    :effect (strategy-developed ?strategy)
  )

  (:action create
    :parameters (?material - educational_material ?benefits - metric_system_benefits)
    :precondition (and (has-expertise-in-metric-system) (can-produce-compelling-content))
    :effect (materials-prepared ?material)
  )
)
