(define (domain marketing-strategy)
  (:requirements :strips)
  (:types
    technology performance market sustainability
  )
  (:predicates
    (knowledge-of-design ?tech - technology)
    (researched-trends ?trends - market)
    (interest-in ?tech - technology ?enhancement - performance)
    (aligned-with-values ?trends - market ?sustainability - sustainability)
  )

  (:action highlight-features
    :parameters (?tech - technology ?enhancement - performance)
    :precondition (knowledge-of-design ?tech)
    :effect (interest-in ?tech ?enhancement)
  )

  (:action analyze-consumer-preferences
    :parameters (?trends - market ?sustainability - sustainability)
    :precondition (researched-trends ?trends)
    :effect (aligned-with-values ?trends ?sustainability)
  )
)
