(define (problem simplified-movie-night)
   (:domain movie-strips)
   (:objects c1 c2 - chips
             d1 - dip
             p1 - pop
             z1 - cheese
             k1 - crackers)
   (:init (chips c1) (chips c2)
          (dip d1)
          (pop p1)
          (cheese z1)
          (crackers k1)
          (counter-at-other-than-two-hours))
   (:goal (and (movie-rewound)
               (have-chips)
               (have-dip)
               (have-pop)
               (have-cheese)
               (have-crackers))))
