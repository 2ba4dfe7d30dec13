(define (domain cyoa-storytelling)
  (:requirements :strips)
  (:predicates (clear-direction)
               (narrative-juncture ?point)
               (story-universe-expanded)
               (story-diversified))

  (:action write
    :parameters (?segment)
    :precondition (clear-direction)
    :effect (story-universe-expanded))

  (:action branch
    :parameters (?decision-point)
    :precondition (narrative-juncture ?decision-point)
    :effect (story-diversified))
)
