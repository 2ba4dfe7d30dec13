;; One picker already carrying a crate and a full can harvests a single bed.
(define (problem greenhouse-rows-p01)
  (:domain greenhouse-rows)
  (:objects
    ana - worker
    shed row-a - spot
    lettuce-bed - bed
    crate-1 - crate)
  (:init
    (worker-at ana shed)
    (walkway shed row-a)
    (walkway row-a shed)
    (tap-at shed)
    (bed-in lettuce-bed row-a)
    (can-full ana)
    (carrying ana crate-1))
  (:goal (and
    (produce-in lettuce-bed crate-1)
    (crate-at crate-1 shed)))
)
