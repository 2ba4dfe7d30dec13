(define (domain english-etymology)
  (:requirements :strips :typing)
  (:types
    word
  )
  (:predicates
    (word-identified ?w - word)
    (research-completed ?w - word)
    (analysis-completed ?w - word)
    (report-compiled)
  )

  (:action research
    :parameters (?w - word)
    :precondition (word-identified ?w)
    :effect (and (research-completed ?w)
                 (not (word-identified ?w)))
  )

  (:action analyze
    :parameters (?w - word)
    :precondition (research-completed ?w)
    :effect (and (analysis-completed ?w)
                 (not (research-completed ?w)))
  )

  (:action compile
    :parameters (?w - word)
    :precondition (analysis-completed ?w)
    :effect (and (report-compiled)
                 (not (analysis-completed ?w)))
  )
)
