(define (domain programming-tutorial)
  (:requirements :strips)
  (:types
    tutorial_module
    interactive_exercises
    developer
  )
  (:predicates
    (understands-python ?person - developer)
    (can-explain-concepts ?person - developer)
    (tutorial-developed ?module - tutorial_module)
    (interactive-exercises-integrated ?module - tutorial_module)
    (user-feedback-analyzed ?module - tutorial_module)
    (tutorial-tested ?module - tutorial_module)
  )

  (:action develop
    :parameters (?module - tutorial_module ?person - developer)
    :precondition (and (understands-python ?person) (can-explain-concepts ?person))
    :effect (tutorial-developed ?module)
  )

  (:action integrate
    :parameters (?module - tutorial_module ?person - developer)
    :precondition (tutorial-developed ?module)
    :effect (interactive-exercises-integrated ?module)
  )

  (:action test
    :parameters (?module - tutorial_module ?person - developer)
    :precondition (and (tutorial-developed ?module) (interactive-exercises-integrated ?module))
    :effect (and (user-feedback-analyzed ?module) (tutorial-tested ?module))
  )
)
