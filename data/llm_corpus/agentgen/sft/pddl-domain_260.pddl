(define (domain aerial-threat-management)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types vehicle zone threat impact response safety) ; Declared types

  (:predicates
    (monitored-zone ?z - zone)
    (entered ?v - vehicle ?z - zone)
    (identified-threat ?v - vehicle ?t - threat)
    (assessed-risk ?t - threat ?i - impact)
    (response-ready ?r - response ?s - safety)
    (threat-neutralized ?v - vehicle)
  )

  (:action identifythreat
    :parameters (?v - vehicle ?t - threat ?z - zone)
    :precondition (entered ?v ?z)
    :effect (identified-threat ?v ?t)
  )

  (:action assessrisk
    :parameters (?v - vehicle ?t - threat ?i - impact) ; Added ?v - vehicle to parameters
    :precondition (identified-threat ?v ?t)
    :effect (assessed-risk ?t ?i)
  )

  (:action neutralizethreat
    :parameters (?v - vehicle ?r - response ?s - safety ?t - threat ?i - impact) ; Added ?v - vehicle to parameters
    :precondition (and (assessed-risk ?t ?i) (response-ready ?r ?s))
    :effect (threat-neutralized ?v)
  )
)
