;; One drone low on battery must deliver two parcels to two shelves along a row of pads.
(define (problem drone-warehouse-p02)
  (:domain drone-warehouse)
  (:objects
    drone-1 - drone
    dock shelf-a shelf-b - pad
    parcel-1 parcel-2 - parcel
    level-0 level-1 level-2 level-3 - charge)
  (:init
    (drone-at drone-1 dock)
    (hold-empty drone-1)
    (battery drone-1 level-1)
    (one-less level-0 level-1)
    (one-less level-1 level-2)
    (one-less level-2 level-3)
    (lane dock shelf-a)
    (lane shelf-a dock)
    (lane shelf-a shelf-b)
    (lane shelf-b shelf-a)
    (charger-at dock)
    (parcel-at parcel-1 dock)
    (parcel-at parcel-2 shelf-a)
    (= (total-cost) 0))
  (:goal (and
    (parcel-at parcel-1 shelf-a)
    (parcel-at parcel-2 shelf-b)))
  (:metric minimize (total-cost))
)

; intended plan:
; (pick-up drone-1 parcel-1 dock)
; (recharge drone-1 dock level-1 level-2)
; (fly drone-1 dock shelf-a level-2 level-1)
; (drop-off drone-1 parcel-1 shelf-a)
; (pick-up drone-1 parcel-2 shelf-a)
; (fly drone-1 shelf-a shelf-b level-1 level-0)
; (drop-off drone-1 parcel-2 shelf-b)
; plan length: 7
; plan cost: 12
