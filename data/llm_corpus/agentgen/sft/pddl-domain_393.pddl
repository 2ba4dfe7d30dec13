(define (domain tomato-cuisine-history)
  (:requirements :strips)
  (:predicates
    (researched-historical-skepticism)
    (evaluated-acceptance-popularity)
    (analyzed-culinary-tradition-influence)
    (investigated-contemporary-culinary-innovation)
    (identified-poisonous-period)
  )

  (:action research
    :parameters ()
    :precondition (identified-poisonous-period)
    :effect (researched-historical-skepticism)
  )

  (:action evaluate
    :parameters ()
    :precondition (researched-historical-skepticism)
    :effect (evaluated-acceptance-popularity)
  )

  (:action analyze
    :parameters ()
    :precondition (evaluated-acceptance-popularity)
    :effect (analyzed-culinary-tradition-influence)
  )

  (:action investigate
    :parameters ()
    :precondition (and (analyzed-culinary-tradition-influence) (researched-historical-skepticism))
    :effect (investigated-contemporary-culinary-innovation)
  )
)
