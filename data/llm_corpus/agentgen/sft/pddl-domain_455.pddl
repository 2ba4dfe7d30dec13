(define (domain culinary-science)
  (:requirements :strips :typing)
  (:types
    object ; Assuming 'object' is intended as a type, though typically more specific types are defined.
  )
  (:predicates
    (understands-flavor-science)
    (calculated-ratios ?blend - object)
    (has-ingredients)
    (tested-in-dishes ?blend - object)
    (received-feedback ?blend - object)
    (refined ?blend - object)
    (approved ?blend - object)
    (has-production-plan ?blend - object)
  )

  (:action calculate
    :parameters (?blend - object ?profile - object)
    :precondition (understands-flavor-science)
    :effect (calculated-ratios ?blend)
  )

  (:action test
    :parameters (?blend - object ?dishes - object)
    :precondition (and (calculated-ratios ?blend) (has-ingredients))
    :effect (tested-in-dishes ?blend)
  )

  (:action refine
    :parameters (?blend - object ?feedback - object)
    :precondition (and (tested-in-dishes ?blend) (received-feedback ?blend))
    :effect (refined ?blend)
  )

  (:action finalize
    :parameters (?blend - object ?plan - object)
    :precondition (and (refined ?blend) (approved ?blend))
    :effect (and (has-production-plan ?blend) (not (refined ?blend)))
  )
)
