(define (domain human-care-guide)
  (:requirements :strips)
  (:predicates
    (accurate-info ?topic)
    (pertinent-info ?topic)
    (guide-reliable)
    (section-designed ?section)
    (engagement-enhanced ?strategy)
    (empathy-increased)
    (perception-changed)
  )

  (:action compileInformation
    :parameters (?topic ?source ?relevance)
    :precondition (and (accurate-info ?topic) (pertinent-info ?topic))
    :effect (guide-reliable)
  )

  (:action designInteractiveSection
    :parameters (?section ?topic ?strategy)
    :precondition (and (section-designed ?section) (engagement-enhanced ?strategy))
    :effect (and (empathy-increased) (perception-changed))
  )
)
