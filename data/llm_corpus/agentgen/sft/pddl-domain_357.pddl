(define (domain sierra-madre-trek)
  (:requirements :strips)
  (:predicates
    (has-geographical-info)
    (has-meteorological-info)
    (night-hiking-feasible)
    (knows-terrain)
    (identified-campsites)
    (daytime-rest-planned)
    (gear-prepared)
    (hiking-group-ready)
  )

  (:action assess
    :parameters (?terrain ?weather)
    :precondition (and (has-geographical-info) (has-meteorological-info))
    :effect (and (night-hiking-feasible))
  )

  (:action plan
    :parameters (?sleeping-arrangements ?daytime-rest)
    :precondition (and (knows-terrain) (night-hiking-feasible))
    :effect (and (identified-campsites) (daytime-rest-planned))
  )

  (:action prepare
    :parameters (?gear ?supplies ?hiking-group)
    :precondition (and (night-hiking-feasible))
    :effect (and (gear-prepared) (hiking-group-ready))
  )
)
