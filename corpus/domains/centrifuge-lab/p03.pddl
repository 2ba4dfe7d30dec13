;; Three samples and two centrifuges; rotor-b still holds a spun plasma tube from the night shift.
(define (problem centrifuge-lab-p03)
  (:domain centrifuge-lab)
  (:objects
    blood-1 blood-2 plasma-1 - sample
    rotor-a rotor-b - centrifuge)
  (:init
    (in-fridge blood-1)
    (in-fridge blood-2)
    (labelled blood-1)
    (labelled plasma-1)
    (spun plasma-1)
    (in-rotor plasma-1 rotor-b)
    (loaded rotor-b))
  (:goal (and
    (spun blood-1)
    (spun blood-2)
    (in-fridge blood-1)
    (in-fridge blood-2)
    (in-fridge plasma-1)))
)

; intended plan:
; (fetch-sample blood-1)
; (load-centrifuge blood-1 rotor-a)
; (spin blood-1 rotor-a)
; (unload-centrifuge blood-1 rotor-a)
; (store-sample blood-1)
; (fetch-sample blood-2)
; (label-sample blood-2)
; (load-centrifuge blood-2 rotor-a)
; (spin blood-2 rotor-a)
; (unload-centrifuge blood-2 rotor-a)
; (store-sample blood-2)
; (unload-centrifuge plasma-1 rotor-b)
; (store-sample plasma-1)
; plan length: 13
