(define (domain romantic-novel)
  (:requirements :strips)
  (:predicates
    (tropes-identified)
    (new-experiences-sought)
    (genuine-connections-formed)
    (personal-goal-achieved)
  )

  (:action identify-tropes
    :parameters (?dummy) ; Added a dummy parameter to avoid empty list
    :precondition (and) ; Specified an empty precondition properly
    :effect (tropes-identified)
  )

  (:action seek-new-experiences
    :parameters (?dummy)
    :precondition (tropes-identified)
    :effect (new-experiences-sought)
  )

  (:action form-genuine-connections
    :parameters (?dummy)
    :precondition (new-experiences-sought)
    :effect (genuine-connections-formed)
  )

  (:action achieve-personal-goal
    :parameters (?dummy)
    :precondition (and) ; Specified an empty precondition properly
    :effect (personal-goal-achieved)
  )

  (:action reflect-on-journey
    :parameters (?dummy)
    :precondition (personal-goal-achieved)
    :effect (and) ; Added a dummy effect to avoid empty list
  )
)
