(define (problem hiking) (:domain hiking)
  (:objects
        loc1 - loc
	loc2 - loc
	loc3 - loc
	loc4 - loc
	loc5 - loc
	loc6 - loc
	loc7 - loc
	loc8 - loc
	loc9 - loc
  )
  (:init 
	(adjacent loc1 loc2)
	(adjacent loc1 loc3)
	(adjacent loc2 loc1)
	(adjacent loc2 loc4)
	(adjacent loc3 loc1)
	(adjacent loc3 loc5)
	(adjacent loc4 loc2)
	(adjacent loc4 loc6)
	(adjacent loc5 loc3)
	(adjacent loc5 loc7)
	(adjacent loc6 loc4)
	(adjacent loc6 loc8)
	(adjacent loc7 loc5)
	(adjacent loc7 loc9)
	(adjacent loc8 loc6)
	(adjacent loc8 loc9)
	(adjacent loc9 loc7)
	(at loc1)
	(isgoal loc9)
	(ishill loc3)
	(iswater loc2)
	(iswater loc4)
	(iswater loc6)
	(ontrail loc1 loc2)
	(ontrail loc2 loc4)
	(ontrail loc3 loc5)
	(ontrail loc4 loc6)
	(ontrail loc5 loc7)
	(ontrail loc6 loc8)
	(ontrail loc7 loc9)
  )
  (:goal (and
	(at loc9)))
)
