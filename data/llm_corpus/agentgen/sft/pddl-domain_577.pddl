(define (domain piano-learning)
  (:requirements :strips)
  (:predicates
    (learned-basics)
    (practiced-at-level ?level)
    (concept-learnable ?concept)
    (concept-learned ?concept)
  )

  (:action practice
    :parameters (?level)
    :precondition (learned-basics)
    :effect (practiced-at-level ?level)
  )

  (:action learn
    :parameters (?concept)
    :precondition (and (concept-learnable ?concept) (not (concept-learned ?concept)))
    :effect (and (concept-learned ?concept) (not (concept-learnable ?concept)))
  )
)
