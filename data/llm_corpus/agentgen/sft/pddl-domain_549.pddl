(define (domain python-file-modes-workshop)
  (:requirements :strips)
  (:predicates
    (file-modes-introduced)
    (exercises-designed)
    (workshop-conducted)
    (project-initiated)
    (projects-reviewed)
  )

  (:action introduce-file-modes
    :parameters ()
    :precondition (and) ; No preconditions, but explicitly denoting an empty list
    :effect (and (file-modes-introduced)) ; Enclosing effect in (and ) for consistency
  )

  (:action design-exercises
    :parameters ()
    :precondition (and (file-modes-introduced)) ; Enclosing precondition in (and )
    :effect (and (exercises-designed)) ; Enclosing effect in (and )
  )

  (:action conduct-workshop
    :parameters ()
    :precondition (and (exercises-designed)) ; Enclosing precondition in (and )
    :effect (and (workshop-conducted)) ; Enclosing effect in (and )
  )

  (:action initiate-project
    :parameters ()
    :precondition (and (workshop-conducted)) ; Enclosing precondition in (and )
    :effect (and (project-initiated)) ; Enclosing effect in (and )
  )

  (:action review-projects
    :parameters ()
    :precondition (and (project-initiated)) ; Enclosing precondition in (and )
    :effect (and (projects-reviewed)) ; Enclosing effect in (and )
  )
)
