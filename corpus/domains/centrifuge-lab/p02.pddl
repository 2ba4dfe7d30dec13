;; Two samples, one centrifuge; the urine sample was left loaded but not yet spun.
(define (problem centrifuge-lab-p02)
  (:domain centrifuge-lab)
  (:objects
    blood-1 urine-1 - sample
    rotor-a - centrifuge)
  (:init
    (in-fridge blood-1)
    (labelled blood-1)
    (labelled urine-1)
    (in-rotor urine-1 rotor-a)
    (loaded rotor-a))
  (:goal (and
    (spun blood-1)
    (spun urine-1)
    (in-fridge blood-1)
    (in-fridge urine-1)))
)

; intended plan:
; (spin urine-1 rotor-a)
; (unload-centrifuge urine-1 rotor-a)
; (store-sample urine-1)
; (fetch-sample blood-1)
; (load-centrifuge blood-1 rotor-a)
; (spin blood-1 rotor-a)
; (unload-centrifuge blood-1 rotor-a)
; (store-sample blood-1)
; plan length: 8
