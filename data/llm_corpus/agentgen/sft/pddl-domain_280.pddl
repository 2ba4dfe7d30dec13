(define (domain sitcom-futures)
  (:requirements :strips)
  (:predicates
    (understands-smart-tech)
    (knows-social-networking)
    (aware-of-ev-development)
    (pilot-developed)
    (social-network-episode-created)
    (finale-scripted)
  )

  (:action develop-pilot
    :parameters ()
    :precondition (understands-smart-tech)
    :effect (pilot-developed)
  )

  (:action create-social-network-episode
    :parameters ()
    :precondition (knows-social-networking)
    :effect (social-network-episode-created)
  )

  (:action script-finale-on-evs
    :parameters ()
    :precondition (aware-of-ev-development)
    :effect (finale-scripted)
  )
)
