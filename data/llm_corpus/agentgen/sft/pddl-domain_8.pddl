(define (domain babysitting-rates)
  (:requirements :strips)
  (:predicates
    (access-to-data)
    (documented-experience ?babysitter)
    (agreement-on-duties ?duties_list)
    (research-completed)
    (evaluation-completed)
    (duties-considered)
    (guide-ready)
    (permissions-secured ?platforms))

  (:action research_market_rates
    :parameters (?location)
    :precondition (access-to-data)
    :effect (research-completed))

  (:action evaluate_experience_level
    :parameters (?babysitter)
    :precondition (documented-experience ?babysitter)
    :effect (evaluation-completed))

  (:action consider_additional_duties
    :parameters (?duties_list)
    :precondition (agreement-on-duties ?duties_list)
    :effect (duties-considered))

  (:action compile_rate_guide
    :parameters (?findings)
    :precondition (and (research-completed) (evaluation-completed) (duties-considered))
    :effect (guide-ready))

  (:action distribute_guide_through_channels
    :parameters (?platforms)
    :precondition (and (guide-ready) (permissions-secured ?platforms))
    :effect (and))
)
