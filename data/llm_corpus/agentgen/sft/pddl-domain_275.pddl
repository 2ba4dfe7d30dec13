(define (domain family_reunion)
  (:requirements :strips)
  (:types activity_type location family_member)
  (:predicates
    (activity_ready ?a - activity_type ?l - location)
    (participating ?f - family_member ?a - activity_type)
    (activity_organized ?a - activity_type)
    (not_participating ?f - family_member)
  )

  (:action organizeActivity
    :parameters (?a - activity_type ?l - location)
    :precondition (not (activity_ready ?a ?l))
    :effect (and
      (activity_ready ?a ?l)
      (activity_organized ?a)
    )
  )

  (:action participate
    :parameters (?f - family_member ?a - activity_type)
    :precondition (and
      (activity_organized ?a)
      (not_participating ?f)
    )
    :effect (and
      (participating ?f ?a)
      (not (not_participating ?f))
    )
  )
)
