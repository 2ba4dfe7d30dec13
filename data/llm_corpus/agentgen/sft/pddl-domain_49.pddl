(define (domain translation-challenge)
  (:requirements :strips)
  (:predicates
    (identified-cultural-historical-elements ?text)
    (understood-cultural-historical-context ?text)
    (has-comprehensive-understanding)
    (selected-equivalent ?reference)
    (preserved-cultural-historical-richness)
  )

  (:action analyzeContext
    :parameters (?text)
    :precondition (identified-cultural-historical-elements ?text)
    :effect (and (understood-cultural-historical-context ?text)
                 (not (identified-cultural-historical-elements ?text)))
  )

  (:action chooseEquivalent
    :parameters (?reference)
    :precondition (and (has-comprehensive-understanding)
                       (understood-cultural-historical-context ?reference))
    :effect (and (selected-equivalent ?reference)
                 (preserved-cultural-historical-richness))
  )
)
