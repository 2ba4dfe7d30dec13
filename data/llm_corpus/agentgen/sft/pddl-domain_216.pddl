(define (domain budget-photography)
  (:requirements :strips)
  (:predicates
    (set-budget)
    (need-equipment)
    (need-editing)
    (found-value-equipment)
    (photos-need-editing)
    (photos-edited)
    (quality-maintained)
    (knowledge-improved)
  )

  (:action research
    :parameters (?equipment)
    :precondition (and (set-budget) (need-equipment))
    :effect (and (found-value-equipment) (not (need-equipment)) (quality-maintained))
  )

  (:action utilize
    :parameters (?software)
    :precondition (and (photos-need-editing) (found-value-equipment))
    :effect (and (photos-edited) (not (photos-need-editing)) (knowledge-improved))
  )

  ; Additional actions to ensure quality and learning
  (:action ensure-quality
    :parameters ()
    :precondition (found-value-equipment)
    :effect (quality-maintained)
  )

  (:action learn
    :parameters ()
    :precondition (and (knowledge-improved) (quality-maintained))
    :effect (and (not (need-equipment)) (photos-edited))
  )
)
