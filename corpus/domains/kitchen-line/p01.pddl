;; One risotto, one stove, one clean plate.
(define (problem kitchen-line-p01)
  (:domain kitchen-line)
  (:objects
    risotto - dish
    stove-1 - stove
    plate-1 - plate)
  (:init
    (needs-prep risotto)
    (stove-free stove-1)
    (clean plate-1)
    (= (total-cost) 0))
  (:goal (and
    (served risotto)))
  (:metric minimize (total-cost))
)

; intended plan:
; (prep-dish risotto)
; (start-cooking risotto stove-1)
; (finish-cooking risotto stove-1)
; (plate-up risotto plate-1)
; (serve risotto plate-1)
; plan length: 5
; plan cost: 9
