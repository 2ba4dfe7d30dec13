(define (domain textbook-purchase)
  (:requirements :strips :typing)
  (:types
    source
    condition
  )
  (:predicates
    (offers ?source - source ?condition - condition)
    (searched ?source - source ?condition - condition)
    (compared ?source1 - source ?source2 - source ?condition - condition)
    (available ?source - source ?condition - condition)
    (enough-funds ?source - source ?condition - condition)
    (purchased ?condition - condition)
  )

  (:action search
    :parameters (?source - source ?condition - condition)
    :precondition (offers ?source ?condition)
    :effect (and (searched ?source ?condition)
                 (available ?source ?condition))
  )

  (:action compare
    :parameters (?source1 - source ?source2 - source ?condition - condition)
    :precondition (and (searched ?source1 ?condition) (searched ?source2 ?condition))
    :effect (compared ?source1 ?source2 ?condition)
  )

  (:action purchase
    :parameters (?source - source ?condition - condition)
    :precondition (and (available ?source ?condition) (enough-funds ?source ?condition))
    :effect (and (purchased ?condition)
                 (not (available ?source ?condition)))
  )
)
