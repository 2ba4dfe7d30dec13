(define (domain electrical-history-sim)
  (:requirements :strips)
  (:types period figure challenge - object)

  (:predicates
    (at-period ?p - period)
    (completed-objectives ?p - period)
    (knowledge-about ?f - figure)
    (unlocked ?c - challenge)
    (solved ?c - challenge)
    (available ?f - figure)
  )

  (:action travel
    :parameters (?from - period ?to - period)
    :precondition (and (at-period ?from) (completed-objectives ?from))
    :effect (and (at-period ?to) (not (at-period ?from))))

  (:action interact
    :parameters (?f - figure)
    :precondition (and (available ?f) (not (knowledge-about ?f)))
    :effect (knowledge-about ?f))

  (:action solve
    :parameters (?c - challenge)
    :precondition (unlocked ?c)
    :effect (and (solved ?c) (not (unlocked ?c))))
)
