(define (problem complex_doors) 
    (:domain doors)

    (:objects
    key-a - key
	key-b - key
	key-c - key
	key-d - key
	loc-a-0 - location
	loc-a-1 - location
	loc-a-2 - location
	loc-a-3 - location
	loc-b-0 - location
	loc-b-1 - location
	loc-b-2 - location
	loc-b-3 - location
	loc-c-0 - location
	loc-c-1 - location
	loc-c-2 - location
	loc-c-3 - location
	loc-d-0 - location
	loc-d-1 - location
	loc-d-2 - location
	loc-d-3 - location
	room-a - room
	room-b - room
	room-c - room
	room-d - room
    )

    (:init
    (at loc-a-0)
	(unlocked room-a)
	(locinroom loc-a-0 room-a)
	(moveto loc-a-0)
	(locinroom loc-a-1 room-b)
	(moveto loc-a-1)
	(locinroom loc-a-2 room-c)
	(moveto loc-a-2)
	(locinroom loc-a-3 room-d)
	(moveto loc-a-3)
	(locinroom loc-b-0 room-a)
	(moveto loc-b-0)
	(locinroom loc-b-1 room-b)
	(moveto loc-b-1)
	(locinroom loc-b-2 room-c)
	(moveto loc-b-2)
	(locinroom loc-b-3 room-d)
	(moveto loc-b-3)
	(locinroom loc-c-0 room-a)
	(moveto loc-c-0)
	(locinroom loc-c-1 room-b)
	(moveto loc-c-1)
	(locinroom loc-c-2 room-c)
	(moveto loc-c-2)
	(locinroom loc-c-3 room-d)
	(moveto loc-c-3)
	(locinroom loc-d-0 room-a)
	(moveto loc-d-0)
	(locinroom loc-d-1 room-b)
	(moveto loc-d-1)
	(locinroom loc-d-2 room-c)
	(moveto loc-d-2)
	(locinroom loc-d-3 room-d)
	(moveto loc-d-3)
	(keyforroom key-a room-b)
	(keyat key-a loc-b-0)
	(pick key-a)
	(keyforroom key-b room-c)
	(keyat key-b loc-c-1)
	(pick key-b)
	(keyforroom key-c room-d)
	(keyat key-c loc-d-2)
	(pick key-c)
	(keyforroom key-d room-a)
	(keyat key-d loc-a-3)
	(pick key-d)
    )

    (:goal (and (unlocked room-b) (unlocked room-c) (unlocked room-d) (at loc-d-3)))
)
