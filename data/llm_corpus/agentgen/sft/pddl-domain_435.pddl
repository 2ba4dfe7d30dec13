(define (domain academic-conference)
  (:requirements :strips :typing)
  (:types
    platform lecturer audience expert participants workshop topic
  )
  (:predicates
    (supports-video-conferencing ?p - platform)
    (supports-screen-sharing ?p - platform)
    (supports-multi-speaker ?p - platform)
    (supports-interactive-participation ?p - platform)
    (proficient-in-latex ?l - lecturer)
    (registered-audience ?a - audience)
    (prepared-for-lecture ?p - platform)
    (recognized-expert ?e - expert)
    (interested-in-academic-writing ?a - audience)
    (has-prepared-questions ?p - participants)
    (gained-practical-skills ?w - workshop)
    (gained-indepth-knowledge ?t - topic)
    (enhanced-reputation ?l - lecturer)
    (gained-insights ?t - topic)
    (received-personalized-advice ?t - topic)
  )

  (:action conduct-workshop
    :parameters (?w - workshop ?t - topic ?p - platform)
    :precondition (and (supports-video-conferencing ?p) (supports-screen-sharing ?p))
    :effect (gained-practical-skills ?w)
  )

  (:action deliver-lecture
    :parameters (?l - lecturer ?t - topic ?a - audience ?p - platform)
    :precondition (and (proficient-in-latex ?l) (registered-audience ?a) (prepared-for-lecture ?p))
    :effect (and (gained-indepth-knowledge ?t) (enhanced-reputation ?l))
  )

  (:action host-panel-discussion
    :parameters (?t - topic ?panelists - expert ?a - audience ?p - platform)
    :precondition (and (recognized-expert ?panelists) (interested-in-academic-writing ?a) (supports-multi-speaker ?p))
    :effect (gained-insights ?t)
  )

  (:action organize-q-and-a-session
    :parameters (?t - topic ?e - expert ?p - participants ?pl - platform)
    :precondition (and (prepared-for-lecture ?pl) (has-prepared-questions ?p) (supports-interactive-participation ?pl))
    :effect (received-personalized-advice ?t)
  )
)
