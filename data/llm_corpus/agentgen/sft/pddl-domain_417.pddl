(define (domain fire-alarm-communication)
  (:requirements :strips)
  (:predicates
    (has-information)
    (email-drafted ?email)
    (email-comprehensive ?email)
    (feedback-system-set)
    (email-distributed ?email)
    (feedback-received ?feedback))

  (:action draft
    :parameters (?email)
    :precondition (has-information)
    :effect (and (email-drafted ?email)
                 (email-comprehensive ?email)))

  (:action distribute
    :parameters (?email)
    :precondition (and (email-drafted ?email)
                       (email-comprehensive ?email))
    :effect (email-distributed ?email))

  (:action follow-up
    :parameters (?feedback ?email)
    :precondition (and (email-distributed ?email)
                       (not (feedback-received ?feedback)))
    :effect (and (feedback-system-set)
                 (feedback-received ?feedback)))
)
