;; Written for agentgen-sym's gold readings (issue 53); no outside source.
; A hotel in the style of a user's own domain: two kinds of agent as first parameter (a receptionist, a
; porter), glued names (porterat, bagat, pickupbag, deliverbagtoroom), hyphenated names (check-in, go-to),
; a relation ending in -to (assigned-to), a verb relation (owns), a subtype (room - location), negative
; preconditions (a room not occupied, a guest not yet checked in) and a negative goal.
(define (domain hotel)
  (:requirements :strips :typing :negative-preconditions)
  (:types room - location receptionist porter guest bag location - object)
  (:predicates (porterat ?p - porter ?l - location) (bagat ?b - bag ?l - location) (carries ?p - porter ?b - bag)
               (owns ?g - guest ?b - bag) (assigned-to ?g - guest ?r - room) (checkedin ?g - guest)
               (roomready ?r - room) (occupied ?r - room))
  (:action check-in
    :parameters (?c - receptionist ?g - guest ?r - room)
    :precondition (and (roomready ?r) (not (occupied ?r)) (not (checkedin ?g)))
    :effect (and (checkedin ?g) (assigned-to ?g ?r) (occupied ?r)))
  (:action go-to
    :parameters (?p - porter ?from - location ?to - location)
    :precondition (porterat ?p ?from)
    :effect (and (porterat ?p ?to) (not (porterat ?p ?from))))
  (:action pickupbag
    :parameters (?p - porter ?b - bag ?l - location)
    :precondition (and (porterat ?p ?l) (bagat ?b ?l))
    :effect (and (carries ?p ?b) (not (bagat ?b ?l))))
  (:action deliverbagtoroom
    :parameters (?p - porter ?b - bag ?g - guest ?r - room)
    :precondition (and (porterat ?p ?r) (carries ?p ?b) (owns ?g ?b) (assigned-to ?g ?r))
    :effect (and (bagat ?b ?r) (not (carries ?p ?b)))))
