(define (domain metal_songwriting)
  (:requirements :strips :typing)
  (:types
    theme
    song
    emotional-state
    part
    narrative-arc
  )
  (:predicates
    (theme-chosen ?theme - theme ?song - song)
    (emotional-state-set ?state - emotional-state ?part - part ?song - song)
    (narrative-arc-developed ?arc - narrative-arc ?song - song)
    (part-defined ?part - part ?song - song)
  )

  (:action choose_theme
    :parameters (?theme - theme ?song - song)
    :precondition (not (theme-chosen ?theme ?song))
    :effect (and (theme-chosen ?theme ?song))
  )

  (:action set_emotional_state
    :parameters (?state - emotional-state ?part - part ?song - song)
    :precondition (and (part-defined ?part ?song))
    :effect (and (emotional-state-set ?state ?part ?song))
  )

  (:action develop_narrative_arc
    :parameters (?arc - narrative-arc ?song - song)
    :precondition (not (narrative-arc-developed ?arc ?song))
    :effect (and (narrative-arc-developed ?arc ?song))
  )
)
