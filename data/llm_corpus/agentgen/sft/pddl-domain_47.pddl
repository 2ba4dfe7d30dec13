(define (domain online-bookstore)
  (:requirements :strips)
  (:predicates
    (valid-criteria ?criteria)
    (defined-relationship ?relationship)
    (valid-condition ?relationship ?condition)
    (results-match-criteria ?criteria ?value)
    (results-include-related-data ?relationship)
    (results-refined-by-condition ?relationship ?condition)
  )

  (:action filter
    :parameters (?criteria ?value)
    :precondition (valid-criteria ?criteria)
    :effect (results-match-criteria ?criteria ?value)
  )

  (:action include_related_data
    :parameters (?relationship)
    :precondition (defined-relationship ?relationship)
    :effect (results-include-related-data ?relationship)
  )

  (:action filter_with_condition
    :parameters (?relationship ?condition)
    :precondition (and (defined-relationship ?relationship) (valid-condition ?relationship ?condition))
    :effect (results-refined-by-condition ?relationship ?condition)
  )
)
