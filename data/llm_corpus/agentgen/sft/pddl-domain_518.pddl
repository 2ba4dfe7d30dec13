(define (domain comedy-routine)
  (:requirements :strips)
  (:types
    joke
    animal
  )
  (:predicates
    (chosen-animal ?a - animal)
    (joke-written ?j - joke)
    (joke-tested ?j - joke)
    (feedback-received ?j - joke)
    (joke-refined ?j - joke)
    (joke-rehearsed ?j - joke)
    (joke-performed ?j - joke)
    (different-animals ?j1 - joke ?j2 - joke)
    (original-joke ?j - joke)
    (engaging-joke ?j - joke)
  )

  (:action write
    :parameters (?j - joke ?a - animal)
    :precondition (chosen-animal ?a)
    :effect (and (joke-written ?j)
                 (original-joke ?j)
                 (engaging-joke ?j))
  )

  (:action test
    :parameters (?j - joke)
    :precondition (joke-written ?j)
    :effect (and (joke-tested ?j)
                 (feedback-received ?j))
  )

  (:action refine
    :parameters (?j - joke)
    :precondition (feedback-received ?j)
    :effect (and (joke-refined ?j)
                 (not (joke-tested ?j))
                 (not (feedback-received ?j)))
  )

  (:action perform
    :parameters (?j - joke)
    :precondition (and (joke-refined ?j)
                       (joke-rehearsed ?j))
    :effect (joke-performed ?j)
  )
)
