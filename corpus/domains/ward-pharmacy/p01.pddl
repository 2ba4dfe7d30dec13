;; One prescription for the cardiology ward.
(define (problem ward-pharmacy-p01)
  (:domain ward-pharmacy)
  (:objects
    cart-1 - cart
    main-pharmacy - dispensary
    cardiology - ward
    rx-101 - prescription)
  (:init
    (cart-at cart-1 main-pharmacy)
    (for-ward rx-101 cardiology))
  (:goal (and
    (delivered rx-101)))
)

; intended plan:
; (fill-prescription rx-101 cart-1 main-pharmacy)
; (check-prescription rx-101 cart-1 main-pharmacy)
; (move-cart cart-1 main-pharmacy cardiology)
; (hand-to-ward rx-101 cart-1 cardiology)
; plan length: 4
