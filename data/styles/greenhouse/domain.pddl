; A greenhouse in the style of a user's own domain (issue 53): participles with a place (planted), adjectives
; (dry, fragile), a verb relation (suits), a hyphenated move of a tray between benches.
(define (domain greenhouse)
  (:requirements :strips :typing :negative-preconditions)
  (:types gardener plant bench tray can)
  (:predicates (gardenerat ?g - gardener ?b - bench) (trayon ?t - tray ?b - bench) (planted ?p - plant ?t - tray)
               (dry ?p - plant) (fragile ?p - plant) (suits ?b - bench ?p - plant) (full ?c - can)
               (hascan ?g - gardener ?c - can) (sunny ?b - bench))
  (:action walk
    :parameters (?g - gardener ?from - bench ?to - bench)
    :precondition (gardenerat ?g ?from)
    :effect (and (gardenerat ?g ?to) (not (gardenerat ?g ?from))))
  (:action move-tray-to-bench
    :parameters (?g - gardener ?t - tray ?from - bench ?to - bench)
    :precondition (and (gardenerat ?g ?from) (trayon ?t ?from))
    :effect (and (trayon ?t ?to) (gardenerat ?g ?to) (not (trayon ?t ?from)) (not (gardenerat ?g ?from))))
  (:action fill-can
    :parameters (?g - gardener ?c - can ?b - bench)
    :precondition (and (gardenerat ?g ?b) (hascan ?g ?c) (sunny ?b))
    :effect (full ?c))
  (:action water-plant
    :parameters (?g - gardener ?c - can ?p - plant ?t - tray ?b - bench)
    :precondition (and (gardenerat ?g ?b) (trayon ?t ?b) (planted ?p ?t) (hascan ?g ?c) (full ?c) (dry ?p))
    :effect (and (not (dry ?p)) (not (full ?c)))))
