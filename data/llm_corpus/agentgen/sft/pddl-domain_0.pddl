(define (domain server-maintenance)
  (:requirements :strips)
  (:predicates
    (current-configuration ?config)
    (desired-schedule ?schedule)
    (cron-command-set ?command)
    (expected-outcome ?outcome)
    (actual-outcome ?outcome)
  )

  (:action configurecron
    :parameters (?config ?schedule ?command)
    :precondition (and (current-configuration ?config) (desired-schedule ?schedule))
    :effect (and (cron-command-set ?command)
                 (not (current-configuration ?config)))
  )

  (:action testconfiguration
    :parameters (?command ?expected ?actual)
    :precondition (and (cron-command-set ?command) (expected-outcome ?expected))
    :effect (and (actual-outcome ?actual)
                 (not (expected-outcome ?expected))
                 (not (cron-command-set ?command)))
  )
)
