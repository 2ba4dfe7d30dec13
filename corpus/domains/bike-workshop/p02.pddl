;; A commuter bike needs both a tyre pumped and new brake pads.
(define (problem bike-workshop-p02)
  (:domain bike-workshop)
  (:objects
    commuter - bike
    brake-pads spare-chain - part)
  (:init
    (on-board pump)
    (on-board wrench)
    (hands-free)
    (stand-free)
    (flat-tyre commuter)
    (needs-part commuter brake-pads)
    (in-stock brake-pads)
    (in-stock spare-chain))
  (:goal (and
    (tyre-ok commuter)
    (fitted brake-pads commuter)
    (stand-free)))
)
