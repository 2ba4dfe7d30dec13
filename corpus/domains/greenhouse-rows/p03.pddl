;; Two pickers, three beds spread along a corridor of rows with taps at both ends; the pepper bed is already watered.
(define (problem greenhouse-rows-p03)
  (:domain greenhouse-rows)
  (:objects
    ana ben - worker
    shed row-a row-b row-c - spot
    tomato-bed pepper-bed herb-bed - bed
    crate-1 crate-2 - crate)
  (:init
    (worker-at ana shed)
    (worker-at ben row-c)
    (hands-free ana)
    (can-full ben)
    (carrying ben crate-2)
    (walkway shed row-a)
    (walkway row-a shed)
    (walkway row-a row-b)
    (walkway row-b row-a)
    (walkway row-b row-c)
    (walkway row-c row-b)
    (tap-at shed)
    (tap-at row-c)
    (bed-in tomato-bed row-a)
    (bed-in pepper-bed row-b)
    (bed-in herb-bed row-c)
    (crate-at crate-1 shed)
    (watered pepper-bed))
  (:goal (and
    (produce-in tomato-bed crate-1)
    (produce-in pepper-bed crate-2)
    (produce-in herb-bed crate-2)
    (crate-at crate-1 shed)
    (crate-at crate-2 shed)))
)
