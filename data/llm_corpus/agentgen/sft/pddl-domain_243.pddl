(define (domain black-market-apples)
  (:requirements :strips :typing)
  (:types location network market official object individual)
  (:predicates
    (has-seeds)
    (secure-location ?loc - location)
    (has-apples ?loc - location)
    (contacts-available)
    (network-established ?net - network)
    (has-transport-method)
    (apples-smuggled ?market - market)
    (has-funds)
    (official ?off - official)
    (susceptible ?off - official)
    (bribed ?off - official)
    (reduced-risk)
  )

  (:action cultivate
    :parameters (?apples - object ?loc - location)
    :precondition (and (has-seeds) (secure-location ?loc))
    :effect (and (has-apples ?loc)
                 (not (has-seeds))))

  (:action establish
    :parameters (?net - network ?ind - individual)
    :precondition (contacts-available)
    :effect (and (network-established ?net)
                 (not (contacts-available))))

  (:action smuggle
    :parameters (?apples - object ?market - market ?loc - location)
    :precondition (and (has-transport-method) (has-apples ?loc))
    :effect (and (apples-smuggled ?market)
                 (not (has-apples ?loc))))

  (:action bribe
    :parameters (?off - official ?silence - object)
    :precondition (and (has-funds) (official ?off) (susceptible ?off))
    :effect (and (bribed ?off)
                 (reduced-risk)
                 (not (has-funds))))
)
