(define (domain marketing-campaign)
  (:requirements :strips :typing)
  (:types platform content_type location event_type audience message)
  (:predicates
    (platform-accessible ?p - platform)
    (content-suitable ?ct - content_type ?msg - message)
    (location-available ?loc - location)
    (event-appealing ?et - event_type ?aud - audience)
    (audience-identified ?aud - audience)
    (public-aware ?msg - message)
    (engaged ?aud - audience ?et - event_type)
  )

  (:action createContent
    :parameters (?p - platform ?ct - content_type ?msg - message)
    :precondition (and (platform-accessible ?p) (content-suitable ?ct ?msg))
    :effect (public-aware ?msg)
  )

  (:action organizeEvent
    :parameters (?loc - location ?et - event_type ?aud - audience)
    :precondition (and (location-available ?loc) (event-appealing ?et ?aud) (audience-identified ?aud))
    :effect (engaged ?aud ?et)
  )
)
