(define (domain employee-hr-communication)
  (:requirements :strips)
  (:predicates
    (has-notes)
    (documented ?incidents)
    (understands-issues)
    (email-drafted ?tone)
    (email-sent)
    (waiting-for-response)
    (participating-in-resolution)
    (resolution-achieved)
  )

  (:action document
    :parameters (?incidents ?details)
    :precondition (has-notes)
    :effect (and (documented ?incidents)
                 (not (has-notes))))

  (:action draft
    :parameters (?incidents ?email ?tone) ; Corrected by adding ?incidents as a parameter
    :precondition (and (documented ?incidents) (understands-issues))
    :effect (and (email-drafted ?tone)
                 (not (understands-issues))))

  (:action send-email
    :parameters (?tone) ; Corrected by adding ?tone as a parameter to match its use in preconditions and effects
    :precondition (email-drafted ?tone)
    :effect (and (email-sent)
                 (waiting-for-response)
                 (not (email-drafted ?tone))))

  (:action follow-up
    :parameters (?response ?process)
    :precondition (and (email-sent) (waiting-for-response))
    :effect (and (participating-in-resolution)
                 (not (waiting-for-response))))

  (:action achieve-resolution
    :parameters ()
    :precondition (participating-in-resolution)
    :effect (and (resolution-achieved)
                 (not (participating-in-resolution))))
)
