(define (domain english-pronunciation)
  (:requirements :strips)
  (:predicates
    (selected-historical-period ?period)
    (selected-word-pairs ?pair)
    (information-presented ?period)
    (demonstration-presented ?pair)
  )

  (:action explore
    :parameters (?period)
    :precondition (selected-historical-period ?period)
    :effect (information-presented ?period)
  )

  (:action compare
    :parameters (?pair)
    :precondition (selected-word-pairs ?pair)
    :effect (demonstration-presented ?pair)
  )
)
