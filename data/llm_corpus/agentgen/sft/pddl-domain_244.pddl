(define (domain reintegration)
  (:requirements :strips)
  (:types technology society reaction adaptation - object)

  (:predicates
    (just-emerged)
    (observed-changes ?t - technology ?s - society)
    (willing-to-engage)
    (interacted-with-people ?r - reaction ?a - adaptation)
    (aware-of-evolution ?t - technology ?s - society)
    (adaptation-begun ?r - reaction ?a - adaptation)
  )

  (:action observe-changes
    :parameters (?t - technology ?s - society)
    :precondition (just-emerged)
    :effect (and (observed-changes ?t ?s)
                 (aware-of-evolution ?t ?s)
                 (not (just-emerged))))

  (:action interact-with-people
    :parameters (?r - reaction ?a - adaptation)
    :precondition (and (willing-to-engage) (not (adaptation-begun ?r ?a)))
    :effect (and (interacted-with-people ?r ?a)
                 (adaptation-begun ?r ?a)))
)
