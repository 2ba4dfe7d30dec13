(define (domain patenting)
  (:requirements :strips)
  (:predicates
    (has-detailed-description ?algorithm)
    (has-budget ?budget)
    (patentable ?algorithm)
    (has-professional-guidance)
    (application-prepared ?algorithm)
    (application-under-review)
    (has-patent)
    (suspected-infringement)
    (has-financial-resources)
  )

  (:action research
    :parameters (?algorithm)
    :precondition (has-detailed-description ?algorithm)
    :effect (patentable ?algorithm)
  )

  (:action consult
    :parameters (?budget)
    :precondition (has-budget ?budget)
    :effect (has-professional-guidance)
  )

  (:action file
    :parameters (?patent_application ?patent_office)
    :precondition (and (patentable ?patent_application) (application-prepared ?patent_application))
    :effect (application-under-review)
  )

  (:action defend
    :parameters (?patent ?infringement_case)
    :precondition (and (has-patent) (suspected-infringement) (has-financial-resources))
    :effect (has-patent)
  )
)
