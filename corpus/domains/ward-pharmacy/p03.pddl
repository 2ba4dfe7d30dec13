;; Two carts and three wards; rx-104 was filled onto cart-2 but left unchecked on the oncology ward.
(define (problem ward-pharmacy-p03)
  (:domain ward-pharmacy)
  (:objects
    cart-1 cart-2 - cart
    main-pharmacy - dispensary
    cardiology oncology pediatrics - ward
    rx-101 rx-102 rx-103 rx-104 - prescription)
  (:init
    (cart-at cart-1 main-pharmacy)
    (cart-at cart-2 oncology)
    (filled rx-104)
    (on-cart rx-104 cart-2)
    (for-ward rx-101 cardiology)
    (for-ward rx-102 oncology)
    (for-ward rx-103 pediatrics)
    (for-ward rx-104 pediatrics))
  (:goal (and
    (delivered rx-101)
    (delivered rx-102)
    (delivered rx-103)
    (delivered rx-104)))
)

; intended plan:
; (move-cart cart-2 oncology main-pharmacy)
; (fill-prescription rx-101 cart-1 main-pharmacy)
; (fill-prescription rx-102 cart-1 main-pharmacy)
; (fill-prescription rx-103 cart-2 main-pharmacy)
; (check-prescription rx-101 cart-1 main-pharmacy)
; (check-prescription rx-102 cart-1 main-pharmacy)
; (move-cart cart-1 main-pharmacy cardiology)
; (check-prescription rx-103 cart-2 main-pharmacy)
; (check-prescription rx-104 cart-2 main-pharmacy)
; (move-cart cart-2 main-pharmacy pediatrics)
; (hand-to-ward rx-101 cart-1 cardiology)
; (move-cart cart-1 cardiology oncology)
; (hand-to-ward rx-102 cart-1 oncology)
; (hand-to-ward rx-103 cart-2 pediatrics)
; (hand-to-ward rx-104 cart-2 pediatrics)
; plan length: 15
