(define (domain i140-process)
  (:requirements :strips)
  (:predicates
    (at-stage ?s)
    (connected ?from ?to)
    (not-receiving-notice-stage ?s)
    (not-submission-stage ?s)
  )

  (:action prepare
    :parameters (?from ?to)
    :precondition (and (at-stage ?from) 
                       (connected ?from ?to) 
                       (not-receiving-notice-stage ?from) 
                       (not-submission-stage ?from))
    :effect (and (at-stage ?to) 
                 (not (at-stage ?from))))

  (:action submit
    :parameters (?from ?to)
    :precondition (and (at-stage ?from) 
                       (connected ?from ?to) 
                       (not-receiving-notice-stage ?from))
    :effect (and (at-stage ?to) 
                 (not (at-stage ?from))))
)
