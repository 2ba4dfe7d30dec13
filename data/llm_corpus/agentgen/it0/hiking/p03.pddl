(define (problem hiking_difficult) (:domain hiking)
  (:objects
        start - loc
	end - loc
	hill - loc
	water - loc
	cave - loc
  )
  (:init 
	(adjacent start end)
	(adjacent start hill)
	(adjacent end start)
	(adjacent end water)
	(adjacent hill start)
	(adjacent hill water)
	(adjacent water end)
	(adjacent water hill)
	(adjacent hill cave)
	(adjacent cave end)
	(at start)
	(isgoal end)
	(ishill hill)
	(iswater water)
	(ontrail start end)
  )
  (:goal (and
	(at end)))
)
