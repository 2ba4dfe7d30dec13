(define (problem advanced_doors) 
    (:domain doors)

    (:objects
    key-6 - key
	key-7 - key
	key-8 - key
	key-9 - key
	key-10 - key
	loc-8-0 - location
	loc-8-1 - location
	loc-8-2 - location
	loc-8-3 - location
	loc-8-4 - location
	loc-8-5 - location
	loc-8-6 - location
	loc-8-7 - location
	loc-8-8 - location
	loc-8-9 - location
	loc-9-0 - location
	loc-9-1 - location
	loc-9-2 - location
	loc-9-3 - location
	loc-9-4 - location
	loc-9-5 - location
	loc-9-6 - location
	loc-9-7 - location
	loc-9-8 - location
	loc-9-9 - location
	room-7 - room
	room-8 - room
	room-9 - room
    )

    (:init
    (at loc-8-0)
	(unlocked room-7)
	(locinroom loc-8-0 room-7)
	(moveto loc-8-0)
	(locinroom loc-8-1 room-8)
	(moveto loc-8-1)
	(locinroom loc-8-2 room-9)
	(moveto loc-8-2)
	(locinroom loc-8-3 room-7)
	(moveto loc-8-3)
	(locinroom loc-8-4 room-7)
	(moveto loc-8-4)
	(locinroom loc-8-5 room-7)
	(moveto loc-8-5)
	(locinroom loc-8-6 room-7)
	(moveto loc-8-6)
	(locinroom loc-8-7 room-7)
	(moveto loc-8-7)
	(locinroom loc-8-8 room-7)
	(moveto loc-8-8)
	(locinroom loc-8-9 room-7)
	(moveto loc-8-9)
	(locinroom loc-9-0 room-7)
	(moveto loc-9-0)
	(locinroom loc-9-1 room-7)
	(moveto loc-9-1)
	(locinroom loc-9-2 room-7)
	(moveto loc-9-2)
	(locinroom loc-9-3 room-7)
	(moveto loc-9-3)
	(locinroom loc-9-4 room-7)
	(moveto loc-9-4)
	(locinroom loc-9-5 room-7)
	(moveto loc-9-5)
	(locinroom loc-9-6 room-7)
	(moveto loc-9-6)
	(locinroom loc-9-7 room-7)
	(moveto loc-9-7)
	(locinroom loc-9-8 room-7)
	(moveto loc-9-8)
	(locinroom loc-9-9 room-7)
	(moveto loc-9-9)
	(keyforroom key-6 room-8)
	(keyat key-6 loc-8-2)
	(pick key-6)
	(keyforroom key-7 room-9)
	(keyat key-7 loc-8-1)
	(pick key-7)
	(keyforroom key-8 room-7)
	(keyat key-8 loc-9-5)
	(pick key-8)
	(keyforroom key-9 room-8)
	(keyat key-9 loc-9-2)
	(pick key-9)
	(keyforroom key-10 room-9)
	(keyat key-10 loc-9-1)
	(pick key-10)
    )

    (:goal (and (unlocked room-8) (unlocked room-9) (at loc-9-9)))
)
