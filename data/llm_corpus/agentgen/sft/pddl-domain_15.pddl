(define (domain homelessness-awareness)
  (:requirements :strips :typing)
  (:types
    causes_challenges
    educational_materials
    interactive_workshops
    homelessness_understanding
    homelessness_awareness
    community_engagement_support
  )
  (:predicates
    (has-data ?cc - causes_challenges)
    (has-expertise ?em - educational_materials)
    (curriculum-developed ?iw - interactive_workshops)
    (understands-homelessness ?hu - homelessness_understanding)
    (awareness-raised ?ha - homelessness_awareness)
    (community-engaged ?ce - community_engagement_support)
  )

  (:action compile
    :parameters (?cc - causes_challenges ?hu - homelessness_understanding)
    :precondition (has-data ?cc)
    :effect (understands-homelessness ?hu)
  )

  (:action design
    :parameters (?em - educational_materials ?ha - homelessness_awareness)
    :precondition (has-expertise ?em)
    :effect (awareness-raised ?ha)
  )

  (:action create
    :parameters (?iw - interactive_workshops ?ce - community_engagement_support)
    :precondition (curriculum-developed ?iw)
    :effect (community-engaged ?ce)
  )
)
