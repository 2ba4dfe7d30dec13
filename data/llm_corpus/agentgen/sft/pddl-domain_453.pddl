(define (domain fly-chaos)
  (:requirements :strips)
  (:types 
    character
    info ; Assuming 'info' is a new type to replace 'string'
  )
  (:predicates 
    (observed-fly ?c - character)
    (affected-by-fly ?c - character)
    (proposed-solution ?c - character)
    (unique-solution ?c - character)
    (solution-introduced ?c - character)
  )

  (:action proposeSolution
    :parameters (?c - character ?solution - info) ; Changed 'string' to 'info'
    :precondition (and (observed-fly ?c) (affected-by-fly ?c))
    :effect (and (proposed-solution ?c) (unique-solution ?c))
  )

  (:action explainSolutionInLanguage
    :parameters (?c - character ?phrase - info) ; Changed 'string' to 'info'
    :precondition (and (proposed-solution ?c) (unique-solution ?c) (not (solution-introduced ?c)))
    :effect (solution-introduced ?c)
  )
)
