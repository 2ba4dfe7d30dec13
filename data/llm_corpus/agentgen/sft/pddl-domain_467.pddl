(define (domain shakespearean-hey-jude)
  (:requirements :strips)
  (:predicates
    (understands-shakespearean-language)
    (able-to-adapt)
    (deep-understanding-of-emotional-nuance)
    (knowledge-of-shakespeare-works)
    (line-translated ?line)
    (section-maintained ?section)
    (references-integrated ?line)
  )

  (:action translateLyrics
    :parameters (?line)
    :precondition (and (understands-shakespearean-language) (able-to-adapt))
    :effect (and (line-translated ?line))
  )

  (:action maintainEmotionalTone
    :parameters (?section)
    :precondition (deep-understanding-of-emotional-nuance)
    :effect (and (section-maintained ?section))
  )

  (:action integrateShakespeareanReferences
    :parameters (?line)
    :precondition (and (knowledge-of-shakespeare-works) (line-translated ?line))
    :effect (and (references-integrated ?line))
  )
)
