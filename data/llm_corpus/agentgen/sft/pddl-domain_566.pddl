(define (domain rubberband-star)
  (:requirements :strips)
  (:types location color elasticity mold-peg rubber-band)
  
  (:predicates
    (available ?loc - location ?color - color ?elasticity - elasticity)
    (in-possession ?band - rubber-band)
    (is-part-of-mold ?peg - mold-peg)
    (stretched-between ?band - rubber-band ?start - mold-peg ?end - mold-peg)
  )

  (:action selectband
    :parameters (?loc - location ?color - color ?elasticity - elasticity ?band - rubber-band)
    :precondition (available ?loc ?color ?elasticity)
    :effect (and
              (in-possession ?band)
              (not (available ?loc ?color ?elasticity))
            )
  )

  (:action applyband
    :parameters (?start - mold-peg ?end - mold-peg ?band - rubber-band)
    :precondition (and
                    (in-possession ?band)
                    (is-part-of-mold ?start)
                    (is-part-of-mold ?end)
                  )
    :effect (and
              (stretched-between ?band ?start ?end)
              (not (in-possession ?band))
            )
  )
)
