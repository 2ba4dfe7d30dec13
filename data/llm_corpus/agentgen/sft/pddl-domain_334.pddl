(define (domain prague_uprising_1848)
  (:requirements :strips)
  (:predicates
    (aspect-identified ?aspect)
    (research-completed ?aspect)
    (section-written ?section ?aspect)
  )

  (:action research
    :parameters (?aspect)
    :precondition (aspect-identified ?aspect)
    :effect (and (research-completed ?aspect)
                 (not (aspect-identified ?aspect)))
  )

  (:action write
    :parameters (?section ?aspect)
    :precondition (research-completed ?aspect)
    :effect (and (section-written ?section ?aspect)
                 (not (research-completed ?aspect)))
  )
)
