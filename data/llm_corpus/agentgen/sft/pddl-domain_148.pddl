(define (domain community-reform)
  (:requirements :strips)
  (:predicates
    (understands-police ?agent)
    (identified-barriers ?agent)
    (analyzed-governance ?agent)
    (has-recommendations ?campaign)
    (has-voter-engagement-strategy ?community)
    (has-governance-roadmap ?plan)
  )

  (:action organize
    :parameters (?agent ?campaign)
    :precondition (understands-police ?agent)
    :effect (has-recommendations ?campaign)
  )

  (:action mobilize
    :parameters (?agent ?community)
    :precondition (identified-barriers ?agent)
    :effect (has-voter-engagement-strategy ?community)
  )

  (:action propose
    :parameters (?agent ?plan)
    :precondition (analyzed-governance ?agent)
    :effect (has-governance-roadmap ?plan)
  )
)
