(define (domain npm-education)
  (:requirements :strips)
  (:predicates
    (understands-nodejs ?person)
    (has-knowledge-of-npm ?person)
    (content-developed ?content)
    (exercises-designed ?exercises)
    (understands-package-management ?person)
    (understands-npm-install-variations ?person)
    (has-practical-experience ?person)
  )

  (:action explain
    :parameters (?person ?command-function ?npm-install-variations)
    :precondition (and (understands-nodejs ?person) (has-knowledge-of-npm ?person))
    :effect (and (understands-package-management ?person) (understands-npm-install-variations ?person))
  )

  (:action develop
    :parameters (?person ?training-content ?package-management-principles)
    :precondition (and (understands-nodejs ?person) (has-knowledge-of-npm ?person))
    :effect (and (content-developed ?training-content) (understands-package-management ?person))
  )

  (:action design
    :parameters (?person ?interactive-exercises ?command-usage-and-effects)
    :precondition (and (content-developed ?interactive-exercises) (understands-package-management ?person))
    :effect (and (exercises-designed ?interactive-exercises) (has-practical-experience ?person))
  )
)
