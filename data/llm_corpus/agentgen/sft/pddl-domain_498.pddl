(define (domain digital-identity-management)
  (:requirements :strips)
  (:types platform)
  (:predicates
    (familiar-with ?p - platform)
    (profile-picture-updated ?p - platform)
  )

  (:action navigate-facebook
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-twitter
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-instagram
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-linkedin
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-tiktok
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-youtube
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-snapchat
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-pinterest
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-spotify
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )

  (:action navigate-discord
    :parameters (?p - platform)
    :precondition (familiar-with ?p)
    :effect (profile-picture-updated ?p)
  )
)
