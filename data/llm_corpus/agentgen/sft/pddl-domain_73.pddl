(define (domain interactive-poetry)
  (:requirements :strips)
  (:types theme poem_creation poem_feedback user) ; Corrected types declaration

  (:predicates
    (explored ?t - theme)
    (created ?p - poem_creation)
    (shared ?f - poem_feedback)
    (understands_theme ?u - user)
    (respects_guidelines ?u - user)
  )

  (:action explore
    :parameters (?u - user ?t - theme)
    :precondition (respects_guidelines ?u)
    :effect (explored ?t)
  )

  (:action collaborate
    :parameters (?u - user ?p - poem_creation)
    :precondition (and (understands_theme ?u) (respects_guidelines ?u))
    :effect (created ?p)
  )

  (:action share
    :parameters (?u - user ?p - poem_creation ?f - poem_feedback) ; Corrected parameters to include ?p
    :precondition (and (created ?p) (respects_guidelines ?u))
    :effect (shared ?f)
  )
)
