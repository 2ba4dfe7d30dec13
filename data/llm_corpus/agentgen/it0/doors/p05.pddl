(define (problem simple_doors) 
    (:domain doors)

    (:objects
    key-x - key
    key-y - key
    loc-1 - location
    loc-2 - location
    room-1 - room
    room-2 - room
    )

    (:init
    (at loc-1)
    (unlocked room-1)
    (locinroom loc-1 room-1)
    (moveto loc-1)
    (locinroom loc-2 room-2)
    (moveto loc-2)
    (keyforroom key-x room-2)
    (keyat key-x loc-1)
    (pick key-x)
    (keyforroom key-y room-1)
    (keyat key-y loc-2)
    (pick key-y)
    )

    (:goal (and (unlocked room-2) (at loc-2)))
)
