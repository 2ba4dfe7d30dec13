(define (domain mountain-biking)
  (:requirements :strips)
  (:predicates
    (tools-and-expertise-available)
    (chain-at-risk ?bike)
    (kit-prepared ?bike)
    (team-trained)
    (team-willing-to-learn)
    (training-sessions-organized)
  )

  (:action assess
    :parameters (?bike)
    :precondition (tools-and-expertise-available)
    :effect (chain-at-risk ?bike)
  )

  (:action prepare
    :parameters (?bike)
    :precondition (and (chain-at-risk ?bike) (tools-and-expertise-available))
    :effect (kit-prepared ?bike)
  )

  (:action train
    :parameters ()
    :precondition (and (team-willing-to-learn) (training-sessions-organized))
    :effect (team-trained)
  )
)
