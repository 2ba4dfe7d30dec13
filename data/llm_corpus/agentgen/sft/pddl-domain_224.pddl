(define (domain educational-rhyme-game)
  (:requirements :strips :typing)
  (:types word pattern list activity)
  (:predicates
    (word-identified ?w - word)
    (rhyme-pattern-matches ?w - word ?p - pattern)
    (list-prepared ?l - list)
    (activity-type-suitable ?a - activity)
    (curated-list ?l - list)
    (engaging-activity ?a - activity)
  )

  (:action listRhymingWords
    :parameters (?w - word ?p - pattern ?l - list)
    :precondition (and (word-identified ?w) (rhyme-pattern-matches ?w ?p))
    :effect (curated-list ?l)
  )

  (:action designActivity
    :parameters (?l - list ?a - activity)
    :precondition (and (list-prepared ?l) (activity-type-suitable ?a))
    :effect (engaging-activity ?a)
  )
)
