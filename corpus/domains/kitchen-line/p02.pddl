;; Soup (already prepped) and risotto share one stove; only one plate is clean.
(define (problem kitchen-line-p02)
  (:domain kitchen-line)
  (:objects
    risotto soup - dish
    stove-1 - stove
    plate-1 plate-2 - plate)
  (:init
    (needs-prep risotto)
    (prepped soup)
    (stove-free stove-1)
    (clean plate-1)
    (dirty plate-2)
    (= (total-cost) 0))
  (:goal (and
    (served risotto)
    (served soup)))
  (:metric minimize (total-cost))
)

; intended plan:
; (start-cooking soup stove-1)
; (finish-cooking soup stove-1)
; (plate-up soup plate-1)
; (serve soup plate-1)
; (prep-dish risotto)
; (start-cooking risotto stove-1)
; (wash-plate plate-2)
; (finish-cooking risotto stove-1)
; (plate-up risotto plate-2)
; (serve risotto plate-2)
; plan length: 10
; plan cost: 18
