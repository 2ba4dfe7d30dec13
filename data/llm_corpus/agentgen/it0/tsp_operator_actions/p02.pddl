(define (problem tsp-3)
(:domain tsp)
(:objects p1 p2 p3 )
(:init
(at p1)
)
(:goal
(and
(visited p1)
(visited p2)
(visited p3)
)
)
)
