(define (problem advanced_doors) 
    (:domain doors)

    (:objects
    key-a - key
	key-b - key
	key-c - key
	key-e - key
	key-f - key
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
	loc-e-0 - location
	loc-e-1 - location
	loc-e-2 - location
	loc-e-3 - location
	loc-f-0 - location
	loc-f-1 - location
	loc-f-2 - location
	loc-f-3 - location
	room-a - room
	room-b - room
	room-c - room
	room-e - room
	room-f - room
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
	(locinroom loc-a-3 room-e)
	(moveto loc-a-3)
	(locinroom loc-b-0 room-a)
	(moveto loc-b-0)
	(locinroom loc-b-1 room-b)
	(moveto loc-b-1)
	(locinroom loc-b-2 room-c)
	(moveto loc-b-2)
	(locinroom loc-b-3 room-e)
	(moveto loc-b-3)
	(locinroom loc-c-0 room-a)
	(moveto loc-c-0)
	(locinroom loc-c-1 room-b)
	(moveto loc-c-1)
	(locinroom loc-c-2 room-c)
	(moveto loc-c-2)
	(locinroom loc-c-3 room-e)
	(moveto loc-c-3)
	(locinroom loc-e-0 room-a)
	(moveto loc-e-0)
	(locinroom loc-e-1 room-b)
	(moveto loc-e-1)
	(locinroom loc-e-2 room-c)
	(moveto loc-e-2)
	(locinroom loc-e-3 room-e)
	(moveto loc-e-3)
	(locinroom loc-f-0 room-a)
	(moveto loc-f-0)
	(locinroom loc-f-1 room-b)
	(moveto loc-f-1)
	(locinroom loc-f-2 room-c)
	(moveto loc-f-2)
	(locinroom loc-f-3 room-e)
	(moveto loc-f-3)
	(keyforroom key-a room-b)
	(keyat key-a loc-b-0)
	(pick key-a)
	(keyforroom key-b room-c)
	(keyat key-b loc-c-1)
	(pick key-b)
	(keyforroom key-c room-e)
	(keyat key-c loc-e-2)
	(pick key-c)
	(keyforroom key-e room-f)
	(keyat key-e loc-f-1)
	(pick key-e)
	(keyforroom key-f room-a)
	(keyat key-f loc-a-3)
	(pick key-f)
    )

    (:goal (and (unlocked room-b) (unlocked room-c) (unlocked room-e) (unlocked room-f) (at loc-f-3)))
)
