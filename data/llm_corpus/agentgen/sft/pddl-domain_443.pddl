(define (domain batch-scripting-education)
  (:requirements :strips)
  (:predicates
    (basic-cmdline-knowledge ?student)
    (understands-batch-file-structure ?student)
    (understands-special-variables ?student)
    (knows-scripting-commands-and-structures ?student)
    (willing-to-engage-constructively ?student)
    (understands-scripting-best-practices ?student)
    (learned-%~dp0-significance ?student)
    (can-apply-%~dp0 ?student)
    (can-critique-and-improve-scripts ?student)
  )

  (:action explain
    :parameters (?student)
    :precondition (and (basic-cmdline-knowledge ?student) (understands-batch-file-structure ?student))
    :effect (and (learned-%~dp0-significance ?student) (understands-special-variables ?student))
  )

  (:action demonstrate
    :parameters (?student)
    :precondition (and (knows-scripting-commands-and-structures ?student) (learned-%~dp0-significance ?student))
    :effect (can-apply-%~dp0 ?student)
  )

  (:action evaluate
    :parameters (?student)
    :precondition (and (willing-to-engage-constructively ?student) (understands-scripting-best-practices ?student) (can-apply-%~dp0 ?student))
    :effect (can-critique-and-improve-scripts ?student)
  )
)
