;; Recycling sorting plant: tip items from the hopper onto the conveyor, wash dirty ones, step the optical sorter through materials and run the belt so matching items drop into bins.
(define (domain recycling-sorter)
  (:requirements :strips :typing :conditional-effects)
  (:types
    item bin material - object)
  (:constants
    plastic glass metal paper - material)
  (:predicates
    (in-hopper ?i - item)
    (dirty ?i - item)
    (clean ?i - item)
    (on-belt ?i - item)
    (made-of ?i - item ?m - material)
    (sorter-mode ?m - material)
    (mode-after ?m1 - material ?m2 - material)
    (bin-for ?b - bin ?m - material)
    (in-bin ?i - item ?b - bin)
    (rejected ?i - item))

  (:action tip-item
    :parameters (?i - item)
    :precondition (in-hopper ?i)
    :effect (and
      (on-belt ?i)
      (not (in-hopper ?i))))

  (:action wash-item
    :parameters (?i - item)
    :precondition (and
      (in-hopper ?i)
      (dirty ?i))
    :effect (and
      (clean ?i)
      (not (dirty ?i))))

  (:action step-sorter
    :parameters (?m1 - material ?m2 - material)
    :precondition (and
      (sorter-mode ?m1)
      (mode-after ?m1 ?m2))
    :effect (and
      (not (sorter-mode ?m1))
      (sorter-mode ?m2)))

  (:action run-belt
    :parameters (?m - material ?b - bin)
    :precondition (and
      (sorter-mode ?m)
      (bin-for ?b ?m))
    :effect (forall (?i - item)
      (and
        (when (and (on-belt ?i) (clean ?i) (made-of ?i ?m))
          (and
            (in-bin ?i ?b)
            (not (on-belt ?i))))
        (when (and (on-belt ?i) (dirty ?i))
          (and
            (rejected ?i)
            (not (on-belt ?i)))))))

  (:action return-to-hopper
    :parameters (?i - item)
    :precondition (rejected ?i)
    :effect (and
      (in-hopper ?i)
      (not (rejected ?i))))
)
