;; Three bikes share the stand; the racer is already mounted and the last bike may stay on the stand.
(define (problem bike-workshop-p03)
  (:domain bike-workshop)
  (:objects
    commuter racer cargo-bike - bike
    brake-pads spare-chain bell - part)
  (:init
    (on-board pump)
    (on-board wrench)
    (hands-free)
    (on-stand racer)
    (flat-tyre racer)
    (needs-part commuter spare-chain)
    (needs-part cargo-bike brake-pads)
    (needs-part cargo-bike bell)
    (in-stock brake-pads)
    (in-stock spare-chain)
    (in-stock bell))
  (:goal (and
    (tyre-ok racer)
    (fitted spare-chain commuter)
    (fitted brake-pads cargo-bike)
    (fitted bell cargo-bike)))
)
