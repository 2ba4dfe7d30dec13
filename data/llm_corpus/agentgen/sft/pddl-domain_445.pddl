(define (domain philosophical-analysis)
  (:requirements :strips)
  (:predicates
    (identified-prediction ?p)
    (exploring-free-will ?fw)
    (recognized-belief ?b)
    (understands-psychology ?psy)
    (deeper-understanding ?du)
    (explored-behavioral-effects ?be)
  )

  (:action explorephilosophicalimplications
    :parameters (?p ?fw ?du) ; Added ?du to parameters
    :precondition (and (identified-prediction ?p) (exploring-free-will ?fw))
    :effect (and (deeper-understanding ?du)
                 (not (identified-prediction ?p))
                 (not (exploring-free-will ?fw))
    )
  )

  (:action analyzebehavioraleffects
    :parameters (?b ?psy ?be) ; Corrected parameters to include ?psy and ?be
    :precondition (and (recognized-belief ?b) (understands-psychology ?psy))
    :effect (and (explored-behavioral-effects ?be)
                 (not (recognized-belief ?b))
                 (not (understands-psychology ?psy))
    )
  )
)
