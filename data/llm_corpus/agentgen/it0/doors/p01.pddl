(define (problem advanced_doors) 
    (:domain doors)

    (:objects
    key-e - key
	key-f - key
	key-g - key
	key-h - key
	loc-e-0 - location
	loc-e-1 - location
	loc-e-2 - location
	loc-e-3 - location
	loc-f-0 - location
	loc-f-1 - location
	loc-f-2 - location
	loc-f-3 - location
	loc-g-0 - location
	loc-g-1 - location
	loc-g-2 - location
	loc-g-3 - location
	loc-h-0 - location
	loc-h-1 - location
	loc-h-2 - location
	loc-h-3 - location
	room-e - room
	room-f - room
	room-g - room
	room-h - room
    )

    (:init
    (at loc-e-0)
	(unlocked room-e)
	(locinroom loc-e-0 room-e)
	(moveto loc-e-0)
	(locinroom loc-e-1 room-f)
	(moveto loc-e-1)
	(locinroom loc-e-2 room-g)
	(moveto loc-e-2)
	(locinroom loc-e-3 room-h)
	(moveto loc-e-3)
	(locinroom loc-f-0 room-e)
	(moveto loc-f-0)
	(locinroom loc-f-1 room-f)
	(moveto loc-f-1)
	(locinroom loc-f-2 room-g)
	(moveto loc-f-2)
	(locinroom loc-f-3 room-h)
	(moveto loc-f-3)
	(locinroom loc-g-0 room-e)
	(moveto loc-g-0)
	(locinroom loc-g-1 room-f)
	(moveto loc-g-1)
	(locinroom loc-g-2 room-g)
	(moveto loc-g-2)
	(locinroom loc-g-3 room-h)
	(moveto loc-g-3)
	(locinroom loc-h-0 room-e)
	(moveto loc-h-0)
	(locinroom loc-h-1 room-f)
	(moveto loc-h-1)
	(locinroom loc-h-2 room-g)
	(moveto loc-h-2)
	(locinroom loc-h-3 room-h)
	(moveto loc-h-3)
	(keyforroom key-e room-f)
	(keyat key-e loc-f-0)
	(pick key-e)
	(keyforroom key-f room-g)
	(keyat key-f loc-g-1)
	(pick key-f)
	(keyforroom key-g room-h)
	(keyat key-g loc-h-2)
	(pick key-g)
	(keyforroom key-h room-e)
	(keyat key-h loc-e-3)
	(pick key-h)
    )

    (:goal (and (unlocked room-e) (unlocked room-f) (unlocked room-g) (unlocked room-h) (at loc-h-3)))
)
