(define (problem simple_doors) 
    (:domain doors)

    (:objects
    key-1 - key
    key-2 - key
    loc-1-1 - location
    loc-1-2 - location
    loc-1-3 - location
    room-1 - room
    room-2 - room
    )

    (:init
    (at loc-1-1)
    (unlocked room-1)
    (locinroom loc-1-1 room-1)
    (moveto loc-1-1)
    (locinroom loc-1-2 room-1)
    (moveto loc-1-2)
    (locinroom loc-1-3 room-2)
    (moveto loc-1-3)
    (keyforroom key-1 room-2)
    (keyat key-1 loc-1-2)
    (pick key-1)
    )

    (:goal (and (unlocked room-2) (at loc-1-3)))
)
