;; Restaurant kitchen line: prep dishes, cook them on free stoves, plate them on clean plates and send them to the pass; each step costs kitchen time.
(define (domain kitchen-line)
  (:requirements :strips :typing :action-costs)
  (:types
    dish stove plate - object)
  (:predicates
    (needs-prep ?d - dish)
    (prepped ?d - dish)
    (on-stove ?d - dish ?s - stove)
    (stove-free ?s - stove)
    (cooked ?d - dish)
    (clean ?p - plate)
    (dirty ?p - plate)
    (on-plate ?d - dish ?p - plate)
    (served ?d - dish))
  (:functions
    (total-cost) - number)

  (:action prep-dish
    :parameters (?d - dish)
    :precondition (needs-prep ?d)
    :effect (and
      (prepped ?d)
      (not (needs-prep ?d))
      (increase (total-cost) 2)))

  (:action start-cooking
    :parameters (?d - dish ?s - stove)
    :precondition (and
      (prepped ?d)
      (stove-free ?s))
    :effect (and
      (on-stove ?d ?s)
      (not (prepped ?d))
      (not (stove-free ?s))
      (increase (total-cost) 1)))

  (:action finish-cooking
    :parameters (?d - dish ?s - stove)
    :precondition (on-stove ?d ?s)
    :effect (and
      (cooked ?d)
      (stove-free ?s)
      (not (on-stove ?d ?s))
      (increase (total-cost) 4)))

  (:action wash-plate
    :parameters (?p - plate)
    :precondition (dirty ?p)
    :effect (and
      (clean ?p)
      (not (dirty ?p))
      (increase (total-cost) 2)))

  (:action plate-up
    :parameters (?d - dish ?p - plate)
    :precondition (and
      (cooked ?d)
      (clean ?p))
    :effect (and
      (on-plate ?d ?p)
      (not (cooked ?d))
      (not (clean ?p))
      (increase (total-cost) 1)))

  (:action serve
    :parameters (?d - dish ?p - plate)
    :precondition (on-plate ?d ?p)
    :effect (and
      (served ?d)
      (not (on-plate ?d ?p))
      (increase (total-cost) 1)))
)
