(define (domain fileorganizer)
  (:requirements :strips :typing)
  (:types
    FileOrganizer CommandLineArguments Task
  )
  (:predicates
    (utility-initiated ?fo - FileOrganizer)
    (valid-syntax ?fo - FileOrganizer)
    (arguments-parsed ?fo - FileOrganizer)
    (task-specified ?fo - FileOrganizer ?task - Task)
    (files-exist)
    (task-executed ?fo - FileOrganizer ?task - Task)
    (output-ready ?fo - FileOrganizer ?task - Task)
  )

  (:action parse
    :parameters (?fo - FileOrganizer ?args - CommandLineArguments ?task - Task)
    :precondition (and (utility-initiated ?fo) (valid-syntax ?fo))
    :effect (and (arguments-parsed ?fo) (task-specified ?fo ?task))
  )

  (:action execute
    :parameters (?fo - FileOrganizer ?task - Task)
    :precondition (and (arguments-parsed ?fo) (task-specified ?fo ?task) (files-exist))
    :effect (and (task-executed ?fo ?task))
  )

  (:action output
    :parameters (?fo - FileOrganizer ?task - Task)
    :precondition (task-executed ?fo ?task)
    :effect (output-ready ?fo ?task)
  )
)
