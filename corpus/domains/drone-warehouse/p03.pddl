;; Two drones, three parcels and a ring of pads with chargers at the dock and at the packing station.
(define (problem drone-warehouse-p03)
  (:domain drone-warehouse)
  (:objects
    drone-1 drone-2 - drone
    dock shelf-a shelf-b packing - pad
    parcel-1 parcel-2 parcel-3 - parcel
    level-0 level-1 level-2 - charge)
  (:init
    (drone-at drone-1 dock)
    (drone-at drone-2 packing)
    (hold-empty drone-1)
    (hold-empty drone-2)
    (battery drone-1 level-1)
    (battery drone-2 level-0)
    (one-less level-0 level-1)
    (one-less level-1 level-2)
    (lane dock shelf-a)
    (lane shelf-a dock)
    (lane shelf-a packing)
    (lane packing shelf-a)
    (lane packing shelf-b)
    (lane shelf-b packing)
    (lane shelf-b dock)
    (lane dock shelf-b)
    (charger-at dock)
    (charger-at packing)
    (parcel-at parcel-1 dock)
    (parcel-at parcel-2 shelf-a)
    (parcel-at parcel-3 shelf-b)
    (= (total-cost) 0))
  (:goal (and
    (parcel-at parcel-1 shelf-b)
    (parcel-at parcel-2 packing)
    (parcel-at parcel-3 packing)))
  (:metric minimize (total-cost))
)

; intended plan:
; (pick-up drone-1 parcel-1 dock)
; (recharge drone-1 dock level-1 level-2)
; (fly drone-1 dock shelf-b level-2 level-1)
; (drop-off drone-1 parcel-1 shelf-b)
; (pick-up drone-1 parcel-3 shelf-b)
; (fly drone-1 shelf-b packing level-1 level-0)
; (drop-off drone-1 parcel-3 packing)
; (recharge drone-1 packing level-0 level-1)
; (recharge drone-1 packing level-1 level-2)
; (fly drone-1 packing shelf-a level-2 level-1)
; (pick-up drone-1 parcel-2 shelf-a)
; (fly drone-1 shelf-a packing level-1 level-0)
; (drop-off drone-1 parcel-2 packing)
; plan length: 13
; plan cost: 24
