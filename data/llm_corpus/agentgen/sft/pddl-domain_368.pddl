(define (domain prehistoric-education)
  (:requirements :strips :typing)
  (:types
    misconception
    educational_material
    medium
    platform
    event
    location
    feedback
    impact
  )
  (:predicates
    (misconception-recognized ?m - misconception)
    (facts-gathered ?m - misconception)
    (material-designed ?em - educational_material ?med - medium)
    (material-ready ?em - educational_material)
    (material-distributed ?em - educational_material ?p - platform)
    (event-organized ?e - event ?loc - location)
    (feedback-collected ?f - feedback)
    (impact-evaluated ?i - impact)
  )

  (:action research
    :parameters (?m - misconception)
    :precondition (misconception-recognized ?m)
    :effect (facts-gathered ?m)
  )

  (:action design
    :parameters (?em - educational_material ?med - medium ?m - misconception)
    :precondition (facts-gathered ?m)
    :effect (material-designed ?em ?med)
  )

  (:action distribute
    :parameters (?em - educational_material ?p - platform ?med - medium)
    :precondition (material-designed ?em ?med)
    :effect (material-distributed ?em ?p)
  )

  (:action organize
    :parameters (?e - event ?loc - location ?em - educational_material)
    :precondition (and (material-ready ?em) (not (event-organized ?e ?loc)))
    :effect (event-organized ?e ?loc)
  )

  (:action evaluate
    :parameters (?f - feedback ?i - impact)
    :precondition (feedback-collected ?f)
    :effect (impact-evaluated ?i)
  )
)
