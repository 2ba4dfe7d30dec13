(define (domain earths-ring-mythology)
  (:requirements :strips :typing) ; Added :typing to requirements as we're using types
  (:types
    phenomenon element ; Declaring types
  )
  (:predicates
    (phenomenon-identified ?p - phenomenon)
    (research-completed ?p - phenomenon)
    (story-element-created ?e - element)
    (story-elements-ready)
    (story-finalized)
  )

  (:action research
    :parameters (?p - phenomenon)
    :precondition (phenomenon-identified ?p)
    :effect (research-completed ?p)
  )

  (:action create
    :parameters (?e - element ?p - phenomenon)
    :precondition (research-completed ?p)
    :effect (and (story-element-created ?e)
                 (not (phenomenon-identified ?p)))
  )

  (:action integrate
    :parameters (?e - element)
    :precondition (story-element-created ?e)
    :effect (story-elements-ready)
  )

  (:action share
    :parameters ()
    :precondition (story-elements-ready)
    :effect (story-finalized)
  )
)
