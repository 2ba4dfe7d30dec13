(define (domain renewable-energy-transition)
  (:requirements :strips)
  (:predicates
    (data-accessed)
    (understanding-of-renewable-tech)
    (community-engagement-knowledge)
    (economic-incentives-knowledge)
    (energy-efficiency-knowledge)
    (current-energy-assessed)
    (renewable-sources-identified)
    (public-engagement-strategies-developed)
    (economic-incentives-created)
    (energy-efficiency-measures-implemented)
    (transition-plan-developed)
  )

  (:action assess-current-energy-infrastructure
    :parameters ()
    :precondition (data-accessed)
    :effect (current-energy-assessed)
  )

  (:action identify-renewable-energy-sources
    :parameters ()
    :precondition (and (understanding-of-renewable-tech) (current-energy-assessed))
    :effect (renewable-sources-identified)
  )

  (:action develop-public-engagement-strategies
    :parameters ()
    :precondition (community-engagement-knowledge)
    :effect (public-engagement-strategies-developed)
  )

  (:action create-economic-incentives
    :parameters ()
    :precondition (economic-incentives-knowledge)
    :effect (economic-incentives-created)
  )

  (:action implement-energy-efficiency-measures
    :parameters ()
    :precondition (and (energy-efficiency-knowledge) (current-energy-assessed))
    :effect (energy-efficiency-measures-implemented)
  )

  (:action develop-transition-plan
    :parameters ()
    :precondition (and (renewable-sources-identified) (public-engagement-strategies-developed) 
                       (economic-incentives-created) (energy-efficiency-measures-implemented))
    :effect (transition-plan-developed)
  )
)
