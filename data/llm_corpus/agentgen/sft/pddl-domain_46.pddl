(define (domain interactive-storytelling)
  (:requirements :strips)
  (:predicates
    (has-outline)
    (story-initiated ?story)
    (ready-for-twist ?story ?point)
    (story-expanded ?story))

  (:action initiateStory
    :parameters (?story ?characters ?setting ?conflict)
    :precondition (has-outline)
    :effect (and (story-initiated ?story)
                 (not (has-outline))))

  (:action insertPlotTwist
    :parameters (?story ?point ?newDirection)
    :precondition (and (story-initiated ?story) (ready-for-twist ?story ?point))
    :effect (and (story-expanded ?story)
                 (not (ready-for-twist ?story ?point))))
)
