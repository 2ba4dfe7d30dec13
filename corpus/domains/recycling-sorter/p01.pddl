;; Two clean bottles, the sorter already set to plastic.
(define (problem recycling-sorter-p01)
  (:domain recycling-sorter)
  (:objects
    bottle-1 bottle-2 - item
    plastic-bin - bin)
  (:init
    (in-hopper bottle-1)
    (in-hopper bottle-2)
    (clean bottle-1)
    (clean bottle-2)
    (made-of bottle-1 plastic)
    (made-of bottle-2 plastic)
    (sorter-mode plastic)
    (mode-after plastic glass)
    (mode-after glass metal)
    (mode-after metal paper)
    (mode-after paper plastic)
    (bin-for plastic-bin plastic))
  (:goal (and
    (in-bin bottle-1 plastic-bin)
    (in-bin bottle-2 plastic-bin)))
)

; intended plan:
; (tip-item bottle-1)
; (tip-item bottle-2)
; (run-belt plastic plastic-bin)
; plan length: 3
