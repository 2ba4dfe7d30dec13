(define (domain review-analysis)
  (:requirements :strips)
  (:predicates
    (identified-segment ?s)
    (extracted-detail ?d)
    (belongs-to-category ?d ?c)
    (category ?c)
  )

  (:action extractdetail
    :parameters (?s ?c)
    :precondition (identified-segment ?s)
    :effect (and (extracted-detail ?s)
                 (belongs-to-category ?s ?c))
  )

  (:action classifyinformation
    :parameters (?d ?c)
    :precondition (and (extracted-detail ?d)
                       (category ?c))
    :effect (belongs-to-category ?d ?c)
  )
)
