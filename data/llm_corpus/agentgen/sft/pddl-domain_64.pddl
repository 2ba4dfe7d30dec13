(define (domain software_development)
  (:requirements :strips)
  (:predicates
    (at-workstation ?location)
    (has-researched ?developer ?research)
    (has-implemented ?developer ?implementation)
    (test-environment-setup ?location)
    (function-tested ?developer)
  )

  (:action research_alternatives
    :parameters (?location ?developer ?research)
    :precondition (at-workstation ?location)
    :effect (has-researched ?developer ?research)
  )

  (:action implement_solution
    :parameters (?location ?developer ?research ?implementation)
    :precondition (and (at-workstation ?location) (has-researched ?developer ?research))
    :effect (has-implemented ?developer ?implementation)
  )

  (:action test_function
    :parameters (?location ?developer ?implementation)
    :precondition (and (at-workstation ?location) (has-implemented ?developer ?implementation) (test-environment-setup ?location))
    :effect (function-tested ?developer)
  )
)
