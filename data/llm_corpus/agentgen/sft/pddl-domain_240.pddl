(define (domain international-conference-call)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types country timezone communication-platform participant-state)

  (:predicates
    (country-listed ?c - country)
    (timezone-researched ?c - country ?tz - timezone)
    (call-time-selected ?tz - timezone)
    (platform-chosen ?cp - communication-platform)
    (participant-ready ?ps - participant-state)
    (time-agreed ?t - timezone) ; Assuming ?t should have a type, using timezone as an example
    (platform-technical-requirements-understood ?cp - communication-platform)
  )

  (:action selecttimezone
    :parameters (?cs - participant-state ?c - country ?tz - timezone)
    :precondition (and (country-listed ?c) (timezone-researched ?c ?tz))
    :effect (and (call-time-selected ?tz)
                 (participant-ready ?cs))
  )

  (:action setupcommunicationchannel
    :parameters (?t - timezone ?cp - communication-platform ?ps - participant-state) ; Added type to ?t for consistency
    :precondition (and (time-agreed ?t) (platform-technical-requirements-understood ?cp))
    :effect (and (platform-chosen ?cp)
                 (participant-ready ?ps))
  )
)
