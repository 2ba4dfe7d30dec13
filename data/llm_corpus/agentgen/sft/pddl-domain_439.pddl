(define (domain sound-tech-evolution)
  (:requirements :strips)
  (:predicates
    (identified-initial-tech)
    (researched-limitations)
    (evaluated-aftermarket-adoption)
    (analyzed-user-experience)
    (investigated-software-capabilities)
  )

  (:action research_limitations
    :parameters ()
    :precondition (identified-initial-tech)
    :effect (researched-limitations)
  )

  (:action evaluate_aftermarket_adoption
    :parameters ()
    :precondition (researched-limitations)
    :effect (evaluated-aftermarket-adoption)
  )

  (:action analyze_user_experience_enhancement
    :parameters ()
    :precondition (evaluated-aftermarket-adoption)
    :effect (analyzed-user-experience)
  )

  (:action investigate_software_capabilities_expansion
    :parameters ()
    :precondition (and (analyzed-user-experience) (evaluated-aftermarket-adoption))
    :effect (investigated-software-capabilities)
  )
)
