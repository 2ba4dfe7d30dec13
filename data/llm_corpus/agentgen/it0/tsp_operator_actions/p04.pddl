(define (problem tsp-5)
(:domain tsp)
(:objects a b c d e)
(:init
(at a)
)
(:goal
(and
(visited a)
(visited b)
(visited c)
(visited d)
(visited e)
)
)
)
