;; Bike repair shop: a mechanic lifts bikes onto the single repair stand, takes tools from the wall board, pumps flat tyres and fits spare parts.
(define (domain bike-workshop)
  (:requirements :strips :typing)
  (:types
    bike tool part - object)
  (:constants
    pump wrench - tool)
  (:predicates
    (on-board ?t - tool)
    (holding ?t - tool)
    (hands-free)
    (on-stand ?b - bike)
    (stand-free)
    (flat-tyre ?b - bike)
    (tyre-ok ?b - bike)
    (needs-part ?b - bike ?p - part)
    (in-stock ?p - part)
    (fitted ?p - part ?b - bike))

  (:action take-tool
    :parameters (?t - tool)
    :precondition (and
      (on-board ?t)
      (hands-free))
    :effect (and
      (holding ?t)
      (not (on-board ?t))
      (not (hands-free))))

  (:action hang-tool
    :parameters (?t - tool)
    :precondition (holding ?t)
    :effect (and
      (on-board ?t)
      (hands-free)
      (not (holding ?t))))

  (:action mount-bike
    :parameters (?b - bike)
    :precondition (and
      (stand-free)
      (hands-free))
    :effect (and
      (on-stand ?b)
      (not (stand-free))))

  (:action unmount-bike
    :parameters (?b - bike)
    :precondition (and
      (on-stand ?b)
      (hands-free))
    :effect (and
      (stand-free)
      (not (on-stand ?b))))

  (:action inflate-tyre
    :parameters (?b - bike)
    :precondition (and
      (on-stand ?b)
      (holding pump)
      (flat-tyre ?b))
    :effect (and
      (tyre-ok ?b)
      (not (flat-tyre ?b))))

  (:action fit-part
    :parameters (?b - bike ?p - part)
    :precondition (and
      (on-stand ?b)
      (holding wrench)
      (needs-part ?b ?p)
      (in-stock ?p))
    :effect (and
      (fitted ?p ?b)
      (not (needs-part ?b ?p))
      (not (in-stock ?p))))
)
