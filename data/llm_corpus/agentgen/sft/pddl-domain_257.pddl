(define (domain carbon-offset-education)
  (:requirements :strips)
  (:predicates
    (interested-in-environmental-science)
    (has-basic-ecology-knowledge)
    (has-climate-change-mitigation-knowledge)
    (understands-tree-planting-concerns ?concern)
    (insight-into-project-impacts ?parameters)
    (developed-alternative-solution ?method)
  )

  (:action analyzeconcern
    :parameters (?concern)
    :precondition (interested-in-environmental-science)
    :effect (understands-tree-planting-concerns ?concern)
  )

  (:action simulateproject
    :parameters (?parameters)
    :precondition (has-basic-ecology-knowledge)
    :effect (insight-into-project-impacts ?parameters)
  )

  (:action proposealternative
    :parameters (?method)
    :precondition (has-climate-change-mitigation-knowledge)
    :effect (developed-alternative-solution ?method)
  )
)
