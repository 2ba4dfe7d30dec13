(define (domain exploring-natures-playground)
  (:requirements :strips)
  (:predicates
    (knows-local-flora-and-fauna)
    (knows-park-layout ?park)
    (clear-weather)
    (minimal-light-pollution)
    (suitable-backyard-space)
    (has-basic-gardening-tools)
    (scavenger-hunt-organized ?park)
    (backyard-camping-initiated)
    (butterfly-garden-planted)
  )

  (:action organize-nature-scavenger-hunt
    :parameters (?park)
    :precondition (and (knows-local-flora-and-fauna) (knows-park-layout ?park))
    :effect (scavenger-hunt-organized ?park)
  )

  (:action initiate-backyard-camping-experience
    :parameters ()
    :precondition (and (clear-weather) (minimal-light-pollution))
    :effect (backyard-camping-initiated)
  )

  (:action conduct-plant-a-butterfly-garden
    :parameters ()
    :precondition (and (suitable-backyard-space) (has-basic-gardening-tools))
    :effect (butterfly-garden-planted)
  )
)
