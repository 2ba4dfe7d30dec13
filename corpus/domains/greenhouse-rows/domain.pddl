;; Greenhouse crew: fill watering cans at taps, water beds, harvest produce into crates and bring the crates to the packing shed.
(define (domain greenhouse-rows)
  (:requirements :strips :typing)
  (:types
    worker spot bed crate - object)
  (:predicates
    (worker-at ?w - worker ?s - spot)
    (walkway ?from - spot ?to - spot)
    (tap-at ?s - spot)
    (bed-in ?b - bed ?s - spot)
    (can-full ?w - worker)
    (watered ?b - bed)
    (crate-at ?c - crate ?s - spot)
    (hands-free ?w - worker)
    (carrying ?w - worker ?c - crate)
    (produce-in ?b - bed ?c - crate))

  (:action walk
    :parameters (?w - worker ?from - spot ?to - spot)
    :precondition (and
      (worker-at ?w ?from)
      (walkway ?from ?to))
    :effect (and
      (not (worker-at ?w ?from))
      (worker-at ?w ?to)))

  (:action fill-can
    :parameters (?w - worker ?s - spot)
    :precondition (and
      (worker-at ?w ?s)
      (tap-at ?s))
    :effect (can-full ?w))

  (:action water-bed
    :parameters (?w - worker ?b - bed ?s - spot)
    :precondition (and
      (worker-at ?w ?s)
      (bed-in ?b ?s)
      (can-full ?w))
    :effect (and
      (watered ?b)
      (not (can-full ?w))))

  (:action lift-crate
    :parameters (?w - worker ?c - crate ?s - spot)
    :precondition (and
      (worker-at ?w ?s)
      (crate-at ?c ?s)
      (hands-free ?w))
    :effect (and
      (carrying ?w ?c)
      (not (crate-at ?c ?s))
      (not (hands-free ?w))))

  (:action set-down-crate
    :parameters (?w - worker ?c - crate ?s - spot)
    :precondition (and
      (worker-at ?w ?s)
      (carrying ?w ?c))
    :effect (and
      (crate-at ?c ?s)
      (hands-free ?w)
      (not (carrying ?w ?c))))

  (:action harvest
    :parameters (?w - worker ?b - bed ?c - crate ?s - spot)
    :precondition (and
      (worker-at ?w ?s)
      (bed-in ?b ?s)
      (watered ?b)
      (carrying ?w ?c))
    :effect (and
      (produce-in ?b ?c)
      (not (watered ?b))))
)
