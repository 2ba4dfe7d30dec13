(define (domain ktn-application)
  (:requirements :strips)
  (:predicates
    (documents-gathered ?applicant)
    (application-filled ?applicant)
    (interview-attended ?applicant)
    (ktn-received ?applicant)
  )

  (:action gather_documents
    :parameters (?applicant)
    :precondition (and)
    :effect (documents-gathered ?applicant)
  )

  (:action fill_application
    :parameters (?applicant)
    :precondition (documents-gathered ?applicant)
    :effect (application-filled ?applicant)
  )

  (:action attend_interview
    :parameters (?applicant)
    :precondition (application-filled ?applicant)
    :effect (interview-attended ?applicant)
  )

  (:action receive_ktn
    :parameters (?applicant)
    :precondition (interview-attended ?applicant)
    :effect (ktn-received ?applicant)
  )
)
