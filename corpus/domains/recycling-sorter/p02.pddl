;; A bottle, a dirty jar and a can; the jar must be washed before the sorter will accept it.
(define (problem recycling-sorter-p02)
  (:domain recycling-sorter)
  (:objects
    bottle-1 jar-1 can-1 - item
    plastic-bin glass-bin metal-bin - bin)
  (:init
    (in-hopper bottle-1)
    (in-hopper jar-1)
    (in-hopper can-1)
    (clean bottle-1)
    (dirty jar-1)
    (clean can-1)
    (made-of bottle-1 plastic)
    (made-of jar-1 glass)
    (made-of can-1 metal)
    (sorter-mode plastic)
    (mode-after plastic glass)
    (mode-after glass metal)
    (mode-after metal paper)
    (mode-after paper plastic)
    (bin-for plastic-bin plastic)
    (bin-for glass-bin glass)
    (bin-for metal-bin metal))
  (:goal (and
    (in-bin bottle-1 plastic-bin)
    (in-bin jar-1 glass-bin)
    (in-bin can-1 metal-bin)))
)

; intended plan:
; (tip-item bottle-1)
; (tip-item can-1)
; (wash-item jar-1)
; (tip-item jar-1)
; (run-belt plastic plastic-bin)
; (step-sorter plastic glass)
; (run-belt glass glass-bin)
; (step-sorter glass metal)
; (run-belt metal metal-bin)
; plan length: 9
