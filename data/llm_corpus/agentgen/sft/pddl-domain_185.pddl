(define (domain screenshot-tool-design)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    feature functionality ; Define types used in the domain
  )
  (:predicates
    (clear-need ?f - feature)
    (unique-functionality ?f - functionality)
    (feasible ?f - functionality)
    (adds-value ?f - functionality)
    (interface-designed ?f - feature)
    (functionality-implemented ?f - functionality)
  )

  (:action designInterface
    :parameters (?f - feature)
    :precondition (clear-need ?f)
    :effect (and (interface-designed ?f)
                 (not (clear-need ?f))))

  (:action implementFeature
    :parameters (?f - functionality)
    :precondition (and (unique-functionality ?f)
                       (feasible ?f)
                       (adds-value ?f))
    :effect (and (functionality-implemented ?f)
                 (not (unique-functionality ?f))
                 (not (feasible ?f))
                 (not (adds-value ?f))))
)
