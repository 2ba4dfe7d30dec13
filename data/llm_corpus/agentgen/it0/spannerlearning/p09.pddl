(define (problem 7) (:domain spanner) (:objects 
     john - man
 spanner2 - spanner
     nut2 - nut
     room1 room2 - location
     garage door - location
    ) (:init 
    (at john room1)
    (at spanner2 room1)
    (useable spanner2)
    (loose nut2)
    (at nut2 door)
    (link room1 garage)
    (link room2 door)
    (link garage room2)
) (:goal
  (and
   (tightened nut2)
)))
