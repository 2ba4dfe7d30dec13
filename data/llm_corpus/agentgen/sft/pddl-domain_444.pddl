(define (domain biblical-joseph-study)
  (:requirements :strips)
  (:predicates
    (verses-compiled)
    (verses-categorized)
    (background-analyzed)
    (report-prepared)
  )

  (:action compile-verses-list
    :parameters ()
    :precondition (and) ; Corrected to ensure even empty preconditions are in list format
    :effect (and (verses-compiled)) ; Ensuring the predicate is correctly enclosed within (and ...)
  )

  (:action categorize-by-testament
    :parameters ()
    :precondition (and (verses-compiled)) ; Ensuring the predicate is correctly enclosed within (and ...)
    :effect (and (verses-categorized)) ; Ensuring the predicate is correctly enclosed within (and ...)
  )

  (:action analyze-historical-background
    :parameters ()
    :precondition (and (verses-categorized)) ; Ensuring the predicate is correctly enclosed within (and ...)
    :effect (and (background-analyzed)) ; Ensuring the predicate is correctly enclosed within (and ...)
  )

  (:action prepare-structured-report
    :parameters ()
    :precondition (and (background-analyzed)) ; Ensuring the predicate is correctly enclosed within (and ...)
    :effect (and (report-prepared)) ; Ensuring the predicate is correctly enclosed within (and ...)
  )
)
