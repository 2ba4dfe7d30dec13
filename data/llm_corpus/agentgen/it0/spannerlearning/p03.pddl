(define (problem 10) (:domain spanner) (:objects 
     alice - man
 spannerA spannerB spannerC - spanner
     nutX - nut
     locationX - location
     garage door - location
    ) (:init 
    (at alice garage)
    (at spannerA locationX)
    (useable spannerA)
    (at spannerB locationX)
    (useable spannerB)
    (at spannerC locationX)
    (useable spannerC)
    (loose nutX)
    (at nutX door)
    (link garage locationX)
    (link locationX door)
) (:goal
  (and
   (tightened nutX)
)))
