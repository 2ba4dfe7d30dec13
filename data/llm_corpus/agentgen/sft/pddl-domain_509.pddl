(define (domain aviation-consultancy)
  (:requirements :strips)
  (:predicates
    (access-to-regulations)
    (understands-air-traffic)
    (has-aviation-education-expertise)
    (has-platform-access)
    (guide-well-informed)
    (strategies-developed)
    (resources-created)
  )

  (:action research
    :parameters (?regulations - object ?airport - object)
    :precondition (access-to-regulations)
    :effect (guide-well-informed)
  )

  (:action develop
    :parameters (?strategy - object ?flight-planning - object)
    :precondition (understands-air-traffic)
    :effect (strategies-developed)
  )

  (:action create
    :parameters (?resource - object ?pilot-education - object)
    :precondition (and (has-aviation-education-expertise) (has-platform-access))
    :effect (resources-created)
  )
)
