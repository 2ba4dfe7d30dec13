(define (domain pirate-pursuit)
  (:requirements :strips)
  (:predicates
    (conditions-assessed)
    (search-pattern-calculated)
    (searching)
  )

  (:action calculate_search_pattern
    :parameters ()
    :precondition (conditions-assessed)
    :effect (and
      (search-pattern-calculated)
      (not (conditions-assessed))
    )
  )

  (:action execute_search_pattern
    :parameters ()
    :precondition (search-pattern-calculated)
    :effect (and
      (searching)
      (not (search-pattern-calculated))
    )
  )
)
