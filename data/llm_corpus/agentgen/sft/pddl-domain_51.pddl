(define (domain survival-decision-making)
  (:requirements :strips)
  (:types
    object) ; Assuming 'object' is intended as a generic type for simplicity
  (:predicates
    (access-to-database)
    (has-information ?artifact - object)
    (situation-assessed ?data - object ?intuition - object)
    (decision-made ?choice - object))

  (:action gatherinformation
    :parameters (?artifact - object ?history - object ?significance - object)
    :precondition (access-to-database)
    :effect (has-information ?artifact))

  (:action assesssituation
    :parameters (?data - object ?intuition - object)
    :precondition (has-information ?data)
    :effect (situation-assessed ?data ?intuition))

  (:action makechoice
    :parameters (?decision - object ?strategy - object)
    :precondition (situation-assessed ?decision ?strategy)
    :effect (decision-made ?decision))
)
