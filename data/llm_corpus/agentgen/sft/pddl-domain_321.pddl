(define (domain communication-workshop)
  (:requirements :strips)
  (:predicates
    (understands-communication-barriers)
    (identified-effective-tools)
    (understands-conflict-dynamics)
    (activity-created ?topic)
    (tools-provided ?type)
    (strategy-taught ?topic)
  )

  (:action createEngagingActivities
    :parameters (?topic)
    :precondition (understands-communication-barriers)
    :effect (activity-created ?topic)
  )

  (:action provideToolsForEffectiveCommunication
    :parameters (?type)
    :precondition (identified-effective-tools)
    :effect (tools-provided ?type)
  )

  (:action teachConflictResolutionStrategies
    :parameters (?topic)
    :precondition (understands-conflict-dynamics)
    :effect (strategy-taught ?topic)
  )
)
