(define (domain molecular-biology-research)
  (:requirements :strips)
  (:predicates
    (understands-research ?student)
    (email-drafted ?student)
    (email-sent ?student)
    (positive-response-received ?student)
    (interview-prepared ?student)
    (research-plan-ready ?student) ; This was missing and is now added
    (basic-molecular-biology-understanding ?student)
    (research-position-secured ?student)
  )

  (:action draft-email
    :parameters (?student)
    :precondition (understands-research ?student)
    :effect (and (email-drafted ?student)
                 (not (understands-research ?student))))

  (:action send-email
    :parameters (?student)
    :precondition (email-drafted ?student)
    :effect (and (email-sent ?student)
                 (not (email-drafted ?student))))

  (:action receive-positive-response
    :parameters (?student)
    :precondition (email-sent ?student)
    :effect (and (positive-response-received ?student)
                 (not (email-sent ?student))))

  (:action prepare-for-interview
    :parameters (?student)
    :precondition (positive-response-received ?student)
    :effect (and (interview-prepared ?student)
                 (not (positive-response-received ?student))))

  (:action plan-research-project
    :parameters (?student)
    :precondition (and (interview-prepared ?student) (basic-molecular-biology-understanding ?student))
    :effect (and (research-plan-ready ?student)
                 (not (interview-prepared ?student))))

  (:action secure-research-position
    :parameters (?student)
    :precondition (research-plan-ready ?student)
    :effect (and (research-position-secured ?student)
                 (not (research-plan-ready ?student))))
)
