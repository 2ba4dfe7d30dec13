(define (domain ai-limitations)
  (:requirements :strips)
  (:predicates
    (identified-question-type ?qt)
    (categorized ?qt)
    (investigated ?l ?qt)
  )

  (:action categorize
    :parameters (?qt)
    :precondition (identified-question-type ?qt)
    :effect (and (categorized ?qt)
                 (not (identified-question-type ?qt)))
  )

  (:action investigate
    :parameters (?l ?qt)
    :precondition (categorized ?qt)
    :effect (investigated ?l ?qt)
  )
)
