;; One parcel from the dock to the adjacent shelf pad; the battery is sufficient.
(define (problem drone-warehouse-p01)
  (:domain drone-warehouse)
  (:objects
    drone-1 - drone
    dock shelf-a - pad
    parcel-1 - parcel
    level-0 level-1 level-2 - charge)
  (:init
    (drone-at drone-1 dock)
    (hold-empty drone-1)
    (battery drone-1 level-2)
    (one-less level-0 level-1)
    (one-less level-1 level-2)
    (lane dock shelf-a)
    (lane shelf-a dock)
    (charger-at dock)
    (parcel-at parcel-1 dock)
    (= (total-cost) 0))
  (:goal (and
    (parcel-at parcel-1 shelf-a)))
  (:metric minimize (total-cost))
)

; intended plan:
; (pick-up drone-1 parcel-1 dock)
; (fly drone-1 dock shelf-a level-2 level-1)
; (drop-off drone-1 parcel-1 shelf-a)
; plan length: 3
; plan cost: 5
