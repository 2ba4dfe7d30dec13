(define (domain email_composition)
  (:requirements :strips)
  (:predicates
    (ideas-stolen)
    (evidence-identified)
    (author-informed)
    (resolution-proposed)
    (dialogue-initiated)
  )

  (:action articulate_concern
    :parameters ()
    :precondition (and (ideas-stolen) (evidence-identified))
    :effect (and (author-informed)
                 (not (ideas-stolen)))
  )

  (:action propose_resolution
    :parameters ()
    :precondition (and (author-informed))
    :effect (and (resolution-proposed) (dialogue-initiated))
  )
)
