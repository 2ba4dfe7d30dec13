(define (domain citation-tutorial)
  (:requirements :strips)
  (:predicates
    (clear-understanding)
    (lesson-completed ?topic)
    (knowledge-structured ?topic)
    (learning-reinforced ?topic)
  )

  (:action create
    :parameters (?lesson)
    :precondition (clear-understanding)
    :effect (and (knowledge-structured ?lesson)
                 (lesson-completed ?lesson))
  )

  (:action quiz
    :parameters (?topic)
    :precondition (lesson-completed ?topic)
    :effect (learning-reinforced ?topic)
  )
)
