;; One picker, two beds in the same row, one of them watered by the night sprinklers.
(define (problem greenhouse-rows-p02)
  (:domain greenhouse-rows)
  (:objects
    ana - worker
    shed row-a row-b - spot
    tomato-bed basil-bed - bed
    crate-1 - crate)
  (:init
    (worker-at ana shed)
    (hands-free ana)
    (walkway shed row-a)
    (walkway row-a shed)
    (walkway row-a row-b)
    (walkway row-b row-a)
    (tap-at shed)
    (bed-in tomato-bed row-a)
    (bed-in basil-bed row-a)
    (watered basil-bed)
    (crate-at crate-1 shed))
  (:goal (and
    (produce-in tomato-bed crate-1)
    (produce-in basil-bed crate-1)
    (crate-at crate-1 shed)))
)
