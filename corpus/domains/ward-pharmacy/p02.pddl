;; Two prescriptions for two wards served by one cart.
(define (problem ward-pharmacy-p02)
  (:domain ward-pharmacy)
  (:objects
    cart-1 - cart
    main-pharmacy - dispensary
    cardiology oncology - ward
    rx-101 rx-102 - prescription)
  (:init
    (cart-at cart-1 main-pharmacy)
    (for-ward rx-101 cardiology)
    (for-ward rx-102 oncology))
  (:goal (and
    (delivered rx-101)
    (delivered rx-102)))
)

; intended plan:
; (fill-prescription rx-101 cart-1 main-pharmacy)
; (fill-prescription rx-102 cart-1 main-pharmacy)
; (check-prescription rx-101 cart-1 main-pharmacy)
; (check-prescription rx-102 cart-1 main-pharmacy)
; (move-cart cart-1 main-pharmacy cardiology)
; (hand-to-ward rx-101 cart-1 cardiology)
; (move-cart cart-1 cardiology oncology)
; (hand-to-ward rx-102 cart-1 oncology)
; plan length: 8
