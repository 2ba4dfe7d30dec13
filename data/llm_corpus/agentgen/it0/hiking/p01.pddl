(define (problem hiking-easy) (:domain hiking)
  (:objects
        start - loc
	end - loc
  )
  (:init 
	(adjacent start end)
	(at start)
	(isgoal end)
	(ontrail start end)
  )
  (:goal (and
	(at end)))
)
