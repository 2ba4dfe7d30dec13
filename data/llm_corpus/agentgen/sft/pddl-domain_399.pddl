(define (domain sphere-distribution)
  (:requirements :strips)
  (:predicates
    (points-generated)
    (points-visualized)
    (points-analyzed)
  )

  (:action generate_points
    :parameters () ; No parameters needed for this example
    :precondition (and) ; Explicitly stating an empty precondition
    :effect (and (points-generated))
  )

  (:action visualize_points
    :parameters () ; Assuming no parameters are needed
    :precondition (and (points-generated)) ; Ensuring preconditions are well-formed
    :effect (and (points-visualized))
  )

  (:action analyze_uniformity
    :parameters () ; Assuming no parameters are needed
    :precondition (and (points-generated) (points-visualized)) ; Ensuring preconditions are well-formed
    :effect (and (points-analyzed))
  )
)
