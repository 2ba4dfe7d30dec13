(define (domain team-offsite)
  (:requirements :strips)
  (:predicates
    (aligns-with-goals ?a - activity)
    (meets-needs ?l - lodging)
    (activity-selected ?a - activity)
    (accommodation-arranged ?l - lodging)
  )

  (:types
    activity lodging team_preference accessibility_requirement budget proximity
  )

  (:action selectactivity
    :parameters (?a - activity ?tp - team_preference ?ar - accessibility_requirement)
    :precondition (aligns-with-goals ?a)
    :effect (activity-selected ?a)
  )

  (:action arrangeaccommodation
    :parameters (?l - lodging ?b - budget ?p - proximity)
    :precondition (meets-needs ?l)
    :effect (accommodation-arranged ?l)
  )
)
