(define (domain dystopian-love)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types character emotion method relationship constraint) ; Defined types for clarity and correctness
  (:predicates
    (experiencing ?c - character ?e - emotion)
    (has-method ?c - character ?m - method)
    (connected ?c1 - character ?c2 - character)
    (watched-by-government ?c - character)
    (relationship-progress ?r - relationship)
    (societal-constraints ?sc - constraint)
  )

  (:action suppress
    :parameters (?e - emotion ?c - character)
    :precondition (and (experiencing ?c ?e)
                       (watched-by-government ?c))
    :effect (and (not (experiencing ?c ?e))
                 (watched-by-government ?c)) ; Emotion is suppressed but character remains under surveillance
  )

  (:action express
    :parameters (?e - emotion ?c - character ?m - method)
    :precondition (and (has-method ?c ?m)
                       (experiencing ?c ?e))
    :effect (and ; Emotion is momentarily expressed without immediate repercussions
                 (experiencing ?c ?e)
                 (not (watched-by-government ?c)))
  )

  (:action navigate
    :parameters (?r - relationship ?sc - constraint ?c1 - character ?c2 - character) ; Added missing parameters ?c1 and ?c2
    :precondition (and (connected ?c1 ?c2)
                       (societal-constraints ?sc))
    :effect (and (relationship-progress ?r)
                 (watched-by-government ?c1)
                 (watched-by-government ?c2)) ; Relationship progresses but is fraught with danger of discovery
  )
)
