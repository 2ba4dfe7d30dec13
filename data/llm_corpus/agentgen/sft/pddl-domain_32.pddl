(define (domain ning_village_rescue)
  (:requirements :strips)
  (:predicates
    (ning-returned)
    (village-assessed)
    (rebel-encountered)
    (father-rescued)
    (monk-confronted)
  )

  (:action return-to-village
    :parameters ()
    :precondition (and)
    :effect (and (ning-returned))
  )

  (:action assess-village-condition
    :parameters ()
    :precondition (and (ning-returned))
    :effect (and (village-assessed))
  )

  (:action encounter-rebel-sisters
    :parameters ()
    :precondition (and (village-assessed))
    :effect (and (rebel-encountered))
  )

  (:action rescue-father
    :parameters ()
    :precondition (and (rebel-encountered))
    :effect (and (father-rescued))
  )

  (:action confront-imperial-high-monk
    :parameters ()
    :precondition (and (father-rescued))
    :effect (and (monk-confronted))
  )
)
