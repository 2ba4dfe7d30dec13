(define (domain priorityqueue-simulation)
  (:requirements :strips :typing)
  (:types task method property)

  (:predicates
    (taskCreated ?t - task)
    (comparatorDefined ?p - property)
    (inQueue ?t - task)
    (queueNotEmpty)
    (methodSelected ?m - method)
  )

  (:action createTask
    :parameters (?t - task ?priority - property)
    :precondition (not (taskCreated ?t))
    :effect (and (taskCreated ?t))
  )

  (:action addToQueue
    :parameters (?t - task ?m - method)
    :precondition (and (taskCreated ?t) (not (inQueue ?t)) (methodSelected ?m))
    :effect (and (inQueue ?t) (queueNotEmpty))
  )

  (:action defineComparator
    :parameters (?p - property)
    :precondition (not (comparatorDefined ?p))
    :effect (and (comparatorDefined ?p))
  )

  (:action selectMethod
    :parameters (?m - method)
    :precondition (not (methodSelected ?m))
    :effect (and (methodSelected ?m))
  )

  (:action pollQueue
    :parameters ()
    :precondition (queueNotEmpty)
    :effect (and (not (queueNotEmpty)) ; Assuming only one task for simplicity
                 ; In a more complex scenario, we would handle multiple tasks differently
    )
  )
)
