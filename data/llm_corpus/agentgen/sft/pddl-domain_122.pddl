(define (domain treasure-hunt-math)
  (:requirements :strips)
  (:types
    math_concept
    game_integration
    narrative_engagement
  )
  (:predicates
    (identified-math-concept ?mc - math_concept)
    (integrated-into-game ?mc - math_concept)
    (storyline-developed)
    (math-incorporated ?mc - math_concept)
    (puzzle-designed ?mc - math_concept)
    (narrative-engaged)
  )

  (:action designpuzzle
    :parameters (?mc - math_concept ?gi - game_integration)
    :precondition (and (identified-math-concept ?mc)
                       (not (puzzle-designed ?mc)))
    :effect (and (puzzle-designed ?mc)
                 (integrated-into-game ?mc))
  )

  (:action integratestoryline
    :parameters (?mc - math_concept ?ne - narrative_engagement)
    :precondition (and (storyline-developed)
                       (not (math-incorporated ?mc)))
    :effect (and (math-incorporated ?mc)
                 (narrative-engaged))
  )
)
