(define (domain gaming-console-marketing)
  (:requirements :strips)
  (:predicates
    (identified-feature ?f)
    (researched ?f)
    (campaign-element-ready ?ce)
    (feature-highlighted-in ?f ?ce)
  )

  (:action research
    :parameters (?f)
    :precondition (identified-feature ?f)
    :effect (and
      (researched ?f)
      (not (identified-feature ?f))
    )
  )

  (:action design
    :parameters (?ce ?f)
    :precondition (and
      (researched ?f)
      (not (feature-highlighted-in ?f ?ce))
    )
    :effect (and
      (campaign-element-ready ?ce)
      (feature-highlighted-in ?f ?ce)
    )
  )
)
