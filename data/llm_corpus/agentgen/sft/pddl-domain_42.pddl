(define (domain global-communication-network)
  (:requirements :strips)
  (:predicates
    (access-to-location ?l)
    (has-resources)
    (has-skilled-team)
    (technology-available ?t)
    (couriers-available)
    (expertise-in-cryptography)
    (communication-hub-established ?l)
    (technology-developed ?t)
    (couriers-trained)
    (encryption-methods-created)
    (location-stable ?l)
    (location-accessible ?l)
    (technology-robust ?t)
    (couriers-skilled-in-encryption)
    (encryption-updated)
  )

  (:action establish
    :parameters (?l)
    :precondition (and (access-to-location ?l) (has-resources) (location-stable ?l) (location-accessible ?l))
    :effect (communication-hub-established ?l)
  )

  (:action develop
    :parameters (?t)
    :precondition (and (has-skilled-team) (technology-robust ?t))
    :effect (technology-developed ?t)
  )

  (:action train
    :parameters ()
    :precondition (and (couriers-available) (couriers-skilled-in-encryption))
    :effect (couriers-trained)
  )

  (:action create
    :parameters ()
    :precondition (and (expertise-in-cryptography) (encryption-updated))
    :effect (encryption-methods-created)
  )
)
