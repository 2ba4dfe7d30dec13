;; Written for agentgen-sym's gold readings (issue 53); no outside source.
; A farm in the style of a user's own domain: a farmer as first parameter, glued names (farmerat, animalin,
; feedcroptoanimal), hyphenated names ending in -to (walk-to, herd-animals-to), a verb relation (eats), a forall
; with a conditional effect (the animals in a field follow the farmer), a negative precondition and a
; negative goal (an animal no longer hungry).
(define (domain farm)
  (:requirements :strips :typing :negative-preconditions :conditional-effects)
  (:types farmer animal field crop)
  (:predicates (farmerat ?f - farmer ?p - field) (animalin ?a - animal ?p - field) (adjacent ?p - field ?q - field)
               (hungry ?a - animal) (eats ?a - animal ?c - crop) (growing ?c - crop ?p - field)
               (harvested ?c - crop) (carrying ?f - farmer ?c - crop))
  (:action walk-to
    :parameters (?f - farmer ?from - field ?to - field)
    :precondition (and (farmerat ?f ?from) (adjacent ?from ?to))
    :effect (and (farmerat ?f ?to) (not (farmerat ?f ?from))))
  (:action herd-animals-to
    :parameters (?f - farmer ?from - field ?to - field)
    :precondition (and (farmerat ?f ?from) (adjacent ?from ?to))
    :effect (and (farmerat ?f ?to) (not (farmerat ?f ?from))
                 (forall (?a - animal) (when (animalin ?a ?from) (and (animalin ?a ?to) (not (animalin ?a ?from)))))))
  (:action harvest
    :parameters (?f - farmer ?c - crop ?p - field)
    :precondition (and (farmerat ?f ?p) (growing ?c ?p) (not (harvested ?c)))
    :effect (and (harvested ?c) (carrying ?f ?c) (not (growing ?c ?p))))
  (:action feedcroptoanimal
    :parameters (?f - farmer ?c - crop ?a - animal ?p - field)
    :precondition (and (farmerat ?f ?p) (animalin ?a ?p) (carrying ?f ?c) (eats ?a ?c) (hungry ?a))
    :effect (and (not (hungry ?a)) (not (carrying ?f ?c)))))
