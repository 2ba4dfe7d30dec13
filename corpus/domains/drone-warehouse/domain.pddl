;; Warehouse drone delivery: drones carry parcels between landing pads along flight lanes, spending one battery level per hop and recharging at charger pads.
(define (domain drone-warehouse)
  (:requirements :strips :typing :action-costs)
  (:types
    drone pad parcel charge - object)
  (:predicates
    (drone-at ?d - drone ?p - pad)
    (lane ?from - pad ?to - pad)
    (charger-at ?p - pad)
    (battery ?d - drone ?c - charge)
    (one-less ?lower - charge ?higher - charge)
    (parcel-at ?x - parcel ?p - pad)
    (carrying ?d - drone ?x - parcel)
    (hold-empty ?d - drone))
  (:functions
    (total-cost) - number)

  (:action fly
    :parameters (?d - drone ?from - pad ?to - pad ?high - charge ?low - charge)
    :precondition (and
      (drone-at ?d ?from)
      (lane ?from ?to)
      (battery ?d ?high)
      (one-less ?low ?high))
    :effect (and
      (not (drone-at ?d ?from))
      (drone-at ?d ?to)
      (not (battery ?d ?high))
      (battery ?d ?low)
      (increase (total-cost) 3)))

  (:action recharge
    :parameters (?d - drone ?p - pad ?low - charge ?high - charge)
    :precondition (and
      (drone-at ?d ?p)
      (charger-at ?p)
      (battery ?d ?low)
      (one-less ?low ?high))
    :effect (and
      (not (battery ?d ?low))
      (battery ?d ?high)
      (increase (total-cost) 2)))

  (:action pick-up
    :parameters (?d - drone ?x - parcel ?p - pad)
    :precondition (and
      (drone-at ?d ?p)
      (parcel-at ?x ?p)
      (hold-empty ?d))
    :effect (and
      (carrying ?d ?x)
      (not (parcel-at ?x ?p))
      (not (hold-empty ?d))
      (increase (total-cost) 1)))

  (:action drop-off
    :parameters (?d - drone ?x - parcel ?p - pad)
    :precondition (and
      (drone-at ?d ?p)
      (carrying ?d ?x))
    :effect (and
      (parcel-at ?x ?p)
      (hold-empty ?d)
      (not (carrying ?d ?x))
      (increase (total-cost) 1)))
)
