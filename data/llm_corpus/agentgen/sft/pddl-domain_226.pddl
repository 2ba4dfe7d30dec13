(define (domain named-entity-recognition)
  (:requirements :strips)
  (:predicates
    (text-available ?t)
    (contains-named-entities ?t)
    (analyzed ?t)
    (entity-identified ?e)
    (category-assigned ?e ?c)
    (evaluation-required ?t)
    (accuracy-known ?t ?a))

  (:action analyze
    :parameters (?t)
    :precondition (and (text-available ?t) (contains-named-entities ?t))
    :effect (and (analyzed ?t)
                 (not (text-available ?t))))

  (:action refine
    :parameters (?c ?e)
    :precondition (and (entity-identified ?e) (category-assigned ?e ?c))
    :effect (and (category-assigned ?e ?c) ; Assuming this effect updates the category in some way
                 (not (entity-identified ?e)))) ; Assuming refinement removes the initial identification status

  (:action evaluate
    :parameters (?t ?a)
    :precondition (and (analyzed ?t) (evaluation-required ?t))
    :effect (and (accuracy-known ?t ?a)
                 (not (evaluation-required ?t))))
)
