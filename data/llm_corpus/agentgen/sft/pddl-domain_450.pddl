(define (domain marketing)
  (:requirements :strips)
  (:predicates
    (market-segment-identified ?segment)
    (needs-research ?segment)
    (researched ?segment)
    (demographic-identified ?segment ?demographic)
    (target-selected ?demographic)
    (channel-needs-selection ?demographic)
    (channel-selected ?channel)
    (budget-allocated ?channel)
    (campaign-details-finalized ?channel)
    (campaign-executed ?channel)
  )

  (:action research
    :parameters (?segment ?features)
    :precondition (and (market-segment-identified ?segment) (needs-research ?segment))
    :effect (and (researched ?segment) (not (needs-research ?segment))))

  (:action selecttarget
    :parameters (?segment ?demographic)
    :precondition (and (researched ?segment) (demographic-identified ?segment ?demographic))
    :effect (and (target-selected ?demographic) (channel-needs-selection ?demographic)))

  (:action choosechannel
    :parameters (?demographic ?channel ?budget)
    :precondition (and (target-selected ?demographic) (channel-needs-selection ?demographic))
    :effect (and (channel-selected ?channel) (budget-allocated ?channel) (not (channel-needs-selection ?demographic))))

  (:action executeplan
    :parameters (?channel ?details)
    :precondition (and (channel-selected ?channel) (budget-allocated ?channel) (not (campaign-executed ?channel)))
    :effect (and (campaign-details-finalized ?channel) (campaign-executed ?channel)))
)
