(define (domain transformers-nlp)
  (:requirements :strips)
  (:predicates
    (identified-component ?component)
    (researched ?component)
    (understands-functionality ?component)
    (interaction-analyzed)
  )

  (:action researchcomponent
    :parameters (?component)
    :precondition (identified-component ?component)
    :effect (and
      (researched ?component)
      (understands-functionality ?component)
    )
  )

  (:action analyzeinteraction
    :parameters (?encoder ?decoder ?synergy)
    :precondition (and
      (researched ?encoder)
      (researched ?decoder)
      (understands-functionality ?encoder)
      (understands-functionality ?decoder)
    )
    :effect (interaction-analyzed)
  )
)
