(define (domain voter-registration-awareness)
  (:requirements :strips)
  (:predicates
    (location-available ?loc)
    (location-suitable ?loc)
    (content-accurate ?content)
    (target-audience-frequents ?loc ?audience)
    (platform-supports ?plat ?participants)
    (host-knowledgeable ?host)
    (message-clear ?msg)
    (platforms-popular ?plats ?demographic)
    (informed-about-registration ?audience)
    (aware-of-registration ?audience)
    (learned-importance-of-voting ?participants)
    (awareness-increased ?audience)
  )

  (:action organize-information-session
    :parameters (?session ?topic ?loc ?audience) ; Added ?audience to parameters
    :precondition (and (location-available ?loc) (location-suitable ?loc))
    :effect (informed-about-registration ?audience)
  )

  (:action distribute-flyers
    :parameters (?loc ?content ?audience)
    :precondition (and (content-accurate ?content) (target-audience-frequents ?loc ?audience))
    :effect (aware-of-registration ?audience)
  )

  (:action host-online-webinar
    :parameters (?webinar ?topic ?plat ?participants ?host) ; Added ?participants and ?host to parameters
    :precondition (and (platform-supports ?plat ?participants) (host-knowledgeable ?host))
    :effect (learned-importance-of-voting ?participants)
  )

  (:action launch-social-media-campaign
    :parameters (?campaign ?plats ?msg ?demographic ?audience) ; Added ?demographic and ?audience to parameters
    :precondition (and (message-clear ?msg) (platforms-popular ?plats ?demographic))
    :effect (awareness-increased ?audience)
  )
)
