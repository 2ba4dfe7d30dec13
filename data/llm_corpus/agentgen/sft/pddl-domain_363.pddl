(define (domain covid-awareness-campaign)
  (:requirements :strips)
  (:predicates
    (understands-covid ?agent)
    (dad-joke-created ?joke)
    (shared-on ?joke ?platform)
    (has-access ?agent ?platform)
    (audience-reached ?joke)
    (feedback-received ?campaign)
  )

  (:action create-dad-joke
    :parameters (?agent ?joke ?theme)
    :precondition (understands-covid ?agent)
    :effect (dad-joke-created ?joke)
  )

  (:action share-dad-joke
    :parameters (?agent ?joke ?platform)
    :precondition (and (dad-joke-created ?joke) (has-access ?agent ?platform))
    :effect (and (shared-on ?joke ?platform) (audience-reached ?joke))
  )

  (:action evaluate-campaign
    :parameters (?agent ?campaign ?feedback ?joke ?platform) ; Added ?joke and ?platform to parameters
    :precondition (and (shared-on ?joke ?platform) (audience-reached ?joke))
    :effect (feedback-received ?campaign)
  )
)
