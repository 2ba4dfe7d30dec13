(define (domain fan-engagement-analysis)
  (:requirements :strips)
  (:predicates
    (sports-event-or-season)
    (data-collected ?data)
    (data-analyzed ?data ?timeframe)
    (strategy-developed ?insights)
    (engagement-level ?fan ?level)
    (fan-behavior ?fan ?behavior)
  )

  (:action collectdata
    :parameters (?fan ?behavior ?level)
    :precondition (sports-event-or-season)
    :effect (and (data-collected ?fan)
                 (engagement-level ?fan ?level)
                 (fan-behavior ?fan ?behavior))
  )

  (:action analyzeengagement
    :parameters (?data ?timeframe)
    :precondition (data-collected ?data)
    :effect (and (data-analyzed ?data ?timeframe))
  )

  (:action developstrategy
    :parameters (?insights ?activities)
    :precondition (data-analyzed ?insights ?activities)
    :effect (and (strategy-developed ?insights))
  )
)
