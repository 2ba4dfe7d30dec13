(define (problem 3) (:domain spanner) (:objects 
     alice - man
 spanner3 spanner4 - spanner
     nut2 - nut
     location2 - location
     house door - location
    ) (:init 
    (at alice house)
    (at spanner3 location2)
    (useable spanner3)
    (at spanner4 location2)
    (useable spanner4)
    (loose nut2)
    (at nut2 door)
    (link house location2)
    (link location2 door)
) (:goal
  (and
   (tightened nut2)
)))
