(define (domain holiday-planning)
  (:requirements :strips :typing :equality)
  (:types eventId item listType task priorityLevel timeSlot date quantity)

  (:predicates
    (eventCreated ?e - eventId)
    (itemNotOnList ?i - item ?lt - listType)
    (timeSlotAvailable ?ts - timeSlot)
    (taskScheduled ?t - task)
    (taskNotCompleted ?t - task)
    (eventScheduled ?e - eventId)
    (hasPriority ?t - task ?p - priorityLevel)
  )

  (:action createEvent
    :parameters (?e - eventId ?d - date ?p - priorityLevel)
    :precondition (not (eventCreated ?e))
    :effect (and (eventCreated ?e))
  )

  (:action addToList
    :parameters (?i - item ?lt - listType ?q - quantity)
    :precondition (itemNotOnList ?i ?lt)
    :effect (and (not (itemNotOnList ?i ?lt)))
  )

  (:action scheduleEvent
    :parameters (?e - eventId ?ts - timeSlot)
    :precondition (and (eventCreated ?e) (timeSlotAvailable ?ts))
    :effect (and (eventScheduled ?e) (not (timeSlotAvailable ?ts)))
  )

  (:action prioritizeTasks
    :parameters (?t - task ?p - priorityLevel)
    :precondition (and ) ; Added an empty precondition to ensure consistency
    :effect (and (hasPriority ?t ?p))
  )

  (:action executeTask
    :parameters (?t - task)
    :precondition (and (taskScheduled ?t) (taskNotCompleted ?t))
    :effect (and (not (taskNotCompleted ?t)))
  )
)
