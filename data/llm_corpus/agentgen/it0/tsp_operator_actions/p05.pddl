(define (problem tsp-4)
(:domain tsp)
(:objects a b c d)
(:init
(at a)
)
(:goal
(and
(visited a)
(visited b)
(visited c)
(visited d)
)
)
)
