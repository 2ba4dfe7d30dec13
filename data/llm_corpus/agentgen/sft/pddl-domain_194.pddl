(define (domain alternate-history)
  (:requirements :strips)
  (:predicates
    (researched ?event)
    (scenario-developed ?scenario))

  (:action research
    :parameters (?event)
    :precondition (and) ; Updated to avoid empty precondition
    :effect (researched ?event))

  (:action develop
    :parameters (?scenario ?event)
    :precondition (researched ?event)
    :effect (scenario-developed ?scenario))
)
