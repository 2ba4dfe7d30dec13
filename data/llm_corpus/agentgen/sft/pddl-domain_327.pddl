(define (domain quicksort)
  (:requirements :strips)
  (:predicates
    (pivot-chosen)
    (list-partitioned)
    (sublists-sorted)
  )

  (:action choose-pivot
    :parameters ()
    :precondition (and)
    :effect (pivot-chosen)
  )

  (:action partition-list
    :parameters ()
    :precondition (pivot-chosen)
    :effect (and
              (list-partitioned)
              (not (pivot-chosen))
            )
  )

  (:action recursive-sort
    :parameters ()
    :precondition (list-partitioned)
    :effect (and
              (sublists-sorted)
              (not (list-partitioned))
            )
  )

  (:action combine-results
    :parameters ()
    :precondition (sublists-sorted)
    :effect (and
              (not (sublists-sorted))
            )
  )
)
