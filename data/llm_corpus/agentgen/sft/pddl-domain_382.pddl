(define (domain nba-analysis)
  (:requirements :strips)
  (:predicates
    (player-list-compiled)
    (experts-engaged)
    (insights-synthesized)
  )

  (:action compile-player-list
    :parameters () ; Correctly formatted, even though it's empty
    :precondition (and) ; Correctly formatted empty precondition
    :effect (player-list-compiled)
  )

  (:action engage-experts
    :parameters () ; Correctly formatted, even though it's empty
    :precondition (and (player-list-compiled)) ; Correctly formatted precondition
    :effect (experts-engaged)
  )

  (:action synthesize-insights
    :parameters () ; Correctly formatted, even though it's empty
    :precondition (and (experts-engaged)) ; Correctly formatted precondition
    :effect (insights-synthesized)
  )
)
