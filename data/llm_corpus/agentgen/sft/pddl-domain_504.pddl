(define (domain virtual_writing_workshop)
  (:requirements :strips :typing)
  (:types
    participant
    virtual_room
  )
  (:predicates
    (in ?p - participant ?vr - virtual_room)
    (connected ?vr1 - virtual_room ?vr2 - virtual_room)
    (is-brainstorming-area ?vr - virtual_room)
    (is-drafting-room ?vr - virtual_room)
    (is-feedback-space ?vr - virtual_room)
    (is-publication-gallery ?vr - virtual_room)
  )

  (:action brainstorm
    :parameters (?p - participant ?from_vr - virtual_room ?to_vr - virtual_room)
    :precondition (and (in ?p ?from_vr) (connected ?from_vr ?to_vr) 
                       (is-brainstorming-area ?to_vr) 
                       (not (is-feedback-space ?from_vr)))
    :effect (and (in ?p ?to_vr) 
                 (not (in ?p ?from_vr))))

  (:action draft
    :parameters (?p - participant ?from_vr - virtual_room ?to_vr - virtual_room)
    :precondition (and (in ?p ?from_vr) (connected ?from_vr ?to_vr) 
                       (is-drafting-room ?to_vr) 
                       (is-brainstorming-area ?from_vr))
    :effect (and (in ?p ?to_vr) 
                 (not (in ?p ?from_vr))))

  (:action critique
    :parameters (?p - participant ?from_vr - virtual_room ?to_vr - virtual_room)
    :precondition (and (in ?p ?from_vr) (connected ?from_vr ?to_vr) 
                       (is-feedback-space ?to_vr) 
                       (is-drafting-room ?from_vr))
    :effect (and (in ?p ?to_vr) 
                 (not (in ?p ?from_vr))))

  (:action publish
    :parameters (?p - participant ?from_vr - virtual_room ?to_vr - virtual_room)
    :precondition (and (in ?p ?from_vr) (connected ?from_vr ?to_vr) 
                       (is-publication-gallery ?to_vr) 
                       (is-feedback-space ?from_vr))
    :effect (and (in ?p ?to_vr) 
                 (not (in ?p ?from_vr))))
)
