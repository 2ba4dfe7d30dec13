(define (domain debate-guideline)
  (:requirements :strips)
  (:predicates
    (credible-sources-identified)
    (legal-precedents-identified)
    (topic-researched)
    (clear-understanding ?position)
    (arguments-articulated ?position)
    (debate-structured)
    (environment-fostered)
  )

  (:action research
    :parameters (?topic)
    :precondition (and (credible-sources-identified) (legal-precedents-identified))
    :effect (and (topic-researched))
  )

  (:action argue
    :parameters (?position)
    :precondition (and (topic-researched) (clear-understanding ?position) (arguments-articulated ?position))
    :effect (and (debate-structured) (environment-fostered))
  )
)
