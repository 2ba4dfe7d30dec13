(define (domain helicopter-reaction-wheel-integration)
  (:requirements :strips :typing)
  (:types
    helicopter
    reactionwheel
    integratedsystem
  )
  (:predicates
    (helicopter-identified ?h - helicopter)
    (reaction-wheel-identified ?rw - reactionwheel)
    (need-for-physics-understanding ?h - helicopter)
    (need-for-reaction-wheel-understanding ?rw - reactionwheel)
    (physics-understood ?h - helicopter)
    (reaction-wheel-understood ?rw - reactionwheel)
    (integration-plan-needed ?h - helicopter ?rw - reactionwheel)
    (integration-plan-developed ?h - helicopter ?rw - reactionwheel)
    (integration-plan-tested ?is - integratedsystem)
  )

  (:action analyzehelicopterphysics
    :parameters (?h - helicopter)
    :precondition (and (helicopter-identified ?h) (need-for-physics-understanding ?h))
    :effect (and (physics-understood ?h) (not (need-for-physics-understanding ?h)))
  )

  (:action studyreactionwheels
    :parameters (?rw - reactionwheel)
    :precondition (and (reaction-wheel-identified ?rw) (need-for-reaction-wheel-understanding ?rw))
    :effect (and (reaction-wheel-understood ?rw) (not (need-for-reaction-wheel-understanding ?rw)))
  )

  (:action designintegrationplan
    :parameters (?h - helicopter ?rw - reactionwheel)
    :precondition (and (helicopter-identified ?h) (reaction-wheel-identified ?rw) (integration-plan-needed ?h ?rw))
    :effect (and (integration-plan-developed ?h ?rw) (not (integration-plan-needed ?h ?rw)))
  )

  (:action simulateperformance
    :parameters (?h - helicopter ?rw - reactionwheel ?is - integratedsystem)
    :precondition (integration-plan-developed ?h ?rw)
    :effect (integration-plan-tested ?is)
  )
)
