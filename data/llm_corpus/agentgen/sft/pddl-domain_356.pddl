(define (domain server-naming-conventions)
  (:requirements :strips)
  (:predicates
    (naming-convention-identified ?naming - naming_convention)
    (examining-server-role-flexibility ?flexibility - server_role_flexibility)
    (chosen-naming-convention ?naming - naming_convention)
    (considering-infrastructure-scalability ?scalability - infrastructure_scalability)
    (informed-about-adaptability ?naming - naming_convention)
    (understood-naming-clarity ?naming - naming_convention)
  )

  (:types
    naming_convention - object
    server_role_flexibility - object
    infrastructure_scalability - object
  )

  (:action evaluateconventionefficacy
    :parameters (?naming - naming_convention ?flexibility - server_role_flexibility)
    :precondition (and (naming-convention-identified ?naming) (examining-server-role-flexibility ?flexibility))
    :effect (informed-about-adaptability ?naming)
  )

  (:action assessnamingclarity
    :parameters (?naming - naming_convention ?scalability - infrastructure_scalability)
    :precondition (and (chosen-naming-convention ?naming) (considering-infrastructure-scalability ?scalability))
    :effect (understood-naming-clarity ?naming)
  )
)
