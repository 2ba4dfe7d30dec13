(define (domain tick-control)
  (:requirements :strips)
  (:predicates
    (has-research-equipment)
    (has-access ?area)
    (understands-tick-biology)
    (has-educational-materials)
    (partnership-established)
    (map-of-tick-hotspots)
    (tick-control-strategies-developed ?area)
    (public-informed)
  )

  (:action survey
    :parameters (?habitat ?density)
    :precondition (and (has-research-equipment) (has-access ?habitat))
    :effect (map-of-tick-hotspots)
  )

  (:action develop
    :parameters (?method ?area)
    :precondition (and (understands-tick-biology) (map-of-tick-hotspots))
    :effect (tick-control-strategies-developed ?area)
  )

  (:action educate
    :parameters (?program ?prevention)
    :precondition (and (has-educational-materials) (partnership-established) (tick-control-strategies-developed ?prevention))
    :effect (public-informed)
  )
)
