(define (domain wordcount-analysis)
  (:requirements :strips)
  (:predicates
    (section-identified ?s - section)
    (content-type-determined ?s - section ?ct - contenttype)
    (text-identified ?s - section ?ct - contenttype)
    (words-counted ?s - section)
  )

  (:types
    section
    contenttype - object
  )

  (:action identifytext
    :parameters (?s - section ?ct - contenttype)
    :precondition (and (section-identified ?s) (content-type-determined ?s ?ct))
    :effect (text-identified ?s ?ct)
  )

  (:action countwords
    :parameters (?s - section ?ct - contenttype)
    :precondition (text-identified ?s ?ct)
    :effect (words-counted ?s)
  )
)
