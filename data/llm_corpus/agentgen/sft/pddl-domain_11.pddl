(define (domain legal_education_initiative)
  (:requirements :strips)
  (:predicates
    (access-to-legal-databases)
    (interviews-with-legal-experts)
    (social-studies-conducted)
    (research-complete)
    (materials-designed)
    (materials-distributed)
  )

  (:action research
    :parameters ()
    :precondition (and (access-to-legal-databases) 
                       (interviews-with-legal-experts) 
                       (social-studies-conducted))
    :effect (and (research-complete)
                 (not (access-to-legal-databases))
                 (not (interviews-with-legal-experts))
                 (not (social-studies-conducted)))
  )

  (:action design
    :parameters ()
    :precondition (research-complete)
    :effect (and (materials-designed)
                 (not (research-complete)))
  )

  (:action distribute
    :parameters ()
    :precondition (materials-designed)
    :effect (and (materials-distributed)
                 (not (materials-designed)))
  )
)
