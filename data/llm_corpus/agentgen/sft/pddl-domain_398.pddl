(define (domain nlp-course-feedback)
  (:requirements :strips)
  (:predicates
    (engaged-with-material)
    (has-specific-observations)
    (reflected-on-engagement)
    (collected-quantitative-data ?rating) ; Corrected by adding missing predicate with parameter
    (gathered-qualitative-insights ?response) ; Assuming this predicate was also missing and corrected by adding it with parameter
    (evaluated-engagement ?option) ; Assuming this predicate was also missing and corrected by adding it with parameter
  )

  (:action rateContent
    :parameters (?rating) ; Assuming int is not a defined type in this domain, removed for simplicity
    :precondition (engaged-with-material)
    :effect (and (collected-quantitative-data ?rating))
  )

  (:action provideFeedback
    :parameters (?response) ; Assuming string is not a defined type in this domain, removed for simplicity
    :precondition (has-specific-observations)
    :effect (and (gathered-qualitative-insights ?response))
  )

  (:action assessEngagement
    :parameters (?option) ; Assuming string is not a defined type in this domain, removed for simplicity
    :precondition (reflected-on-engagement)
    :effect (and (evaluated-engagement ?option))
  )
)
