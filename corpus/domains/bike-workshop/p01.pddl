;; One city bike with a flat tyre; the stand must be free again at the end.
(define (problem bike-workshop-p01)
  (:domain bike-workshop)
  (:objects
    city-bike - bike)
  (:init
    (on-board pump)
    (on-board wrench)
    (hands-free)
    (stand-free)
    (flat-tyre city-bike))
  (:goal (and
    (tyre-ok city-bike)
    (stand-free)))
)
