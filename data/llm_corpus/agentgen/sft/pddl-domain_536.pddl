(define (domain college-life-management)
  (:requirements :strips)
  (:predicates
    (tasks-listed)
    (task-prioritized)
    (automation-setup)
    (quality-maintained)
  )

  (:action prioritize
    :parameters (?task)
    :precondition (tasks-listed)
    :effect (and (task-prioritized)
                 (not (tasks-listed))))

  (:action automate
    :parameters (?study_process)
    :precondition (and (task-prioritized) (not (automation-setup)))
    :effect (and (automation-setup) (quality-maintained))
  )
)
