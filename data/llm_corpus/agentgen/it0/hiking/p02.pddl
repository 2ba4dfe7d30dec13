(define (problem hiking_easy) (:domain hiking)
  (:objects
        start - loc
	end - loc
	hill - loc
	water - loc
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
	(at start)
	(isgoal end)
	(ishill hill)
	(iswater water)
	(ontrail start end)
  )
  (:goal (and
	(at end)))
)
