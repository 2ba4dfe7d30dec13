(define (domain encryption-education-campaign)
  (:requirements :strips)
  (:types platform location content_type discussion_format target_audience topic)

  (:predicates
    (accessible ?p - platform)
    (available ?l - location)
    (suitable ?ct - content_type ?t - topic)
    (engaging ?df - discussion_format ?ta - target_audience)
    (identified ?ta - target_audience)
    (increased_understanding ?t - topic)
    (engaged_community ?l - location)
  )

  (:action createEducationalContent
    :parameters (?p - platform ?ct - content_type ?t - topic)
    :precondition (and (accessible ?p) (suitable ?ct ?t))
    :effect (increased_understanding ?t)
  )

  (:action organizePublicDiscussion
    :parameters (?l - location ?df - discussion_format ?ta - target_audience)
    :precondition (and (available ?l) (engaging ?df ?ta) (identified ?ta))
    :effect (engaged_community ?l)
  )
)
