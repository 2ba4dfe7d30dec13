(define (domain dog-hydration-guide)
  (:requirements :strips)
  (:predicates
    (researched-veterinary-science)
    (understands-canine-biology)
    (knowledge-of-canine-preferences)
    (understands-dog-breeds-needs)
    (basic-first-aid-knowledge)
    (able-to-communicate-emergency-procedures)
    (educated-on-dehydration-signs ?dog)
    (provided-hydration-options)
    (emergency-plan-prepared ?dog)
  )

  (:action identifySignsOfDehydration
    :parameters (?dog)
    :precondition (and (researched-veterinary-science) (understands-canine-biology))
    :effect (educated-on-dehydration-signs ?dog)
  )

  (:action recommendHydrationMethods
    :parameters (?hydration-technique)
    :precondition (and (knowledge-of-canine-preferences) (understands-dog-breeds-needs))
    :effect (provided-hydration-options)
  )

  (:action createEmergencyHydrationPlan
    :parameters (?dog)
    :precondition (and (basic-first-aid-knowledge) (able-to-communicate-emergency-procedures))
    :effect (emergency-plan-prepared ?dog)
  )
)
