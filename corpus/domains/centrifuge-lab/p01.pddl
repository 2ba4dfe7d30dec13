;; One unlabelled blood sample, one centrifuge.
(define (problem centrifuge-lab-p01)
  (:domain centrifuge-lab)
  (:objects
    blood-1 - sample
    rotor-a - centrifuge)
  (:init
    (in-fridge blood-1))
  (:goal (and
    (spun blood-1)
    (in-fridge blood-1)))
)

; intended plan:
; (fetch-sample blood-1)
; (label-sample blood-1)
; (load-centrifuge blood-1 rotor-a)
; (spin blood-1 rotor-a)
; (unload-centrifuge blood-1 rotor-a)
; (store-sample blood-1)
; plan length: 6
