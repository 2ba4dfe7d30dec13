;; Three dishes and two stoves; the steak is already cooked and waiting, and two of the three plates need washing.
(define (problem kitchen-line-p03)
  (:domain kitchen-line)
  (:objects
    risotto soup steak - dish
    stove-1 stove-2 - stove
    plate-1 plate-2 plate-3 - plate)
  (:init
    (needs-prep risotto)
    (prepped soup)
    (cooked steak)
    (stove-free stove-1)
    (stove-free stove-2)
    (clean plate-1)
    (dirty plate-2)
    (dirty plate-3)
    (= (total-cost) 0))
  (:goal (and
    (served risotto)
    (served soup)
    (served steak)))
  (:metric minimize (total-cost))
)

; intended plan:
; (start-cooking soup stove-1)
; (plate-up steak plate-1)
; (serve steak plate-1)
; (wash-plate plate-2)
; (finish-cooking soup stove-1)
; (plate-up soup plate-2)
; (serve soup plate-2)
; (prep-dish risotto)
; (start-cooking risotto stove-1)
; (wash-plate plate-3)
; (finish-cooking risotto stove-1)
; (plate-up risotto plate-3)
; (serve risotto plate-3)
; plan length: 13
; plan cost: 22
