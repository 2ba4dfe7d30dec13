; A hospital ward in the style of a user's own domain (issue 53): an agent as first parameter, glued names,
; an intransitive -ing state, a verb relation, a move whose name ends in "to".
(define (domain hospital)
  (:requirements :strips :typing :negative-preconditions)
  (:types nurse patient ward bed)
  (:predicates (nurseat ?n - nurse ?w - ward) (patientat ?p - patient ?w - ward) (waiting ?p - patient)
               (bedfree ?b - bed) (bedin ?b - bed ?w - ward) (admitted ?p - patient ?b - bed)
               (prefers ?p - patient ?w - ward) (treated ?p - patient) (connected ?a - ward ?b - ward))
  (:action walk-to
    :parameters (?n - nurse ?from - ward ?to - ward)
    :precondition (and (nurseat ?n ?from) (connected ?from ?to))
    :effect (and (nurseat ?n ?to) (not (nurseat ?n ?from))))
  (:action escort
    :parameters (?n - nurse ?p - patient ?from - ward ?to - ward)
    :precondition (and (nurseat ?n ?from) (patientat ?p ?from) (connected ?from ?to) (prefers ?p ?to))
    :effect (and (nurseat ?n ?to) (patientat ?p ?to) (not (nurseat ?n ?from)) (not (patientat ?p ?from))))
  (:action admit
    :parameters (?n - nurse ?p - patient ?b - bed ?w - ward)
    :precondition (and (nurseat ?n ?w) (patientat ?p ?w) (waiting ?p) (bedfree ?b) (bedin ?b ?w))
    :effect (and (admitted ?p ?b) (not (waiting ?p)) (not (bedfree ?b))))
  (:action treat
    :parameters (?n - nurse ?p - patient ?b - bed ?w - ward)
    :precondition (and (nurseat ?n ?w) (admitted ?p ?b) (bedin ?b ?w) (not (treated ?p)))
    :effect (treated ?p))
  (:action discharge
    :parameters (?n - nurse ?p - patient ?b - bed ?w - ward)
    :precondition (and (nurseat ?n ?w) (admitted ?p ?b) (bedin ?b ?w) (treated ?p))
    :effect (and (bedfree ?b) (not (admitted ?p ?b)))))
