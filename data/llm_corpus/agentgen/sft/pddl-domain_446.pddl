(define (domain photography-project)
  (:requirements :strips)
  (:predicates
    (effects-researched)
    (photos-planned)
    (photos-captured)
    (results-analyzed)
  )

  (:action research-effects
    :parameters ()
    :precondition (and)
    :effect (effects-researched)
  )

  (:action plan-photographs
    :parameters ()
    :precondition (and (effects-researched))
    :effect (photos-planned)
  )

  (:action capture-photos
    :parameters ()
    :precondition (and (photos-planned))
    :effect (photos-captured)
  )

  (:action analyze-results
    :parameters ()
    :precondition (and (photos-captured))
    :effect (results-analyzed)
  )
)
