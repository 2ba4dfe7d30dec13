; A kitchen in the style of a user's own domain (issue 53): glued names (robotat, putpaninoven), a name
; ending in -into with three arguments, an adjective state, a glued relation (nextto).
(define (domain kitchen)
  (:requirements :strips :typing :negative-preconditions)
  (:types robot place food pan oven)
  (:predicates (robotat ?r - robot ?l - place) (nextto ?a - place ?b - place) (foodat ?f - food ?l - place)
               (holding ?r - robot ?f - food) (handempty ?r - robot) (panat ?p - pan ?l - place)
               (inpan ?f - food ?p - pan) (paninoven ?p - pan ?o - oven) (ovenat ?o - oven ?l - place)
               (raw ?f - food) (fries-into ?a - food ?b - food ?c - food) (cooked ?f - food))
  (:action walk
    :parameters (?r - robot ?from - place ?to - place)
    :precondition (and (robotat ?r ?from) (nextto ?from ?to))
    :effect (and (robotat ?r ?to) (not (robotat ?r ?from))))
  (:action takefood
    :parameters (?r - robot ?f - food ?l - place)
    :precondition (and (robotat ?r ?l) (foodat ?f ?l) (handempty ?r))
    :effect (and (holding ?r ?f) (not (foodat ?f ?l)) (not (handempty ?r))))
  (:action putinpan
    :parameters (?r - robot ?f - food ?p - pan ?l - place)
    :precondition (and (robotat ?r ?l) (holding ?r ?f) (panat ?p ?l))
    :effect (and (inpan ?f ?p) (handempty ?r) (not (holding ?r ?f))))
  (:action putpaninoven
    :parameters (?r - robot ?p - pan ?o - oven ?l - place)
    :precondition (and (robotat ?r ?l) (panat ?p ?l) (ovenat ?o ?l) (handempty ?r))
    :effect (paninoven ?p ?o))
  (:action fry
    :parameters (?r - robot ?a - food ?b - food ?c - food ?p - pan ?o - oven)
    :precondition (and (inpan ?a ?p) (inpan ?b ?p) (paninoven ?p ?o) (fries-into ?a ?b ?c) (raw ?a) (raw ?b))
    :effect (and (cooked ?c) (inpan ?c ?p) (not (raw ?a)) (not (raw ?b)) (not (inpan ?a ?p)) (not (inpan ?b ?p)))))
