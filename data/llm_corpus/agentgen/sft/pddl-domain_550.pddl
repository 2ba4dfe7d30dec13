(define (domain mazurs-eisenstein-impact)
  (:requirements :strips)
  (:predicates
    (identified-concept ?concept)
    (studied ?concept)
    (analyzed-impact ?impact ?concept)
  )

  (:action study
    :parameters (?concept)
    :precondition (identified-concept ?concept)
    :effect (and (studied ?concept)
                 (not (identified-concept ?concept)))
  )

  (:action analyze
    :parameters (?impact ?concept)
    :precondition (studied ?concept)
    :effect (analyzed-impact ?impact ?concept)
  )
)
