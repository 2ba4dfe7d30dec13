(define (domain technion-library-faq)
  (:requirements :strips)
  (:predicates
    (identified-topics ?category)
    (compiled-info ?category)
    (drafted-faq ?question ?category)
    (clear-concise ?entry)
    (informative ?entry)
    (covers-broad-topics)
    (user-friendly)
  )

  (:action compile
    :parameters (?category)
    :precondition (identified-topics ?category)
    :effect (compiled-info ?category)
  )

  (:action draft
    :parameters (?question ?answer ?category)
    :precondition (and (compiled-info ?category))
    :effect (and (drafted-faq ?question ?category)
                 (clear-concise ?question)
                 (informative ?answer))
  )

  (:action finalize-faq
    :parameters ()
    :precondition (and (covers-broad-topics) (user-friendly))
    :effect (and (user-friendly)) ; Dummy effect to avoid empty effect list
  )
)
