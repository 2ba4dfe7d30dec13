(define (domain spooktacular-culinary-challenge)
  (:requirements :strips)
  (:predicates
    (understands-halloween-traditions)
    (theme-selected ?theme)
    (rules-outlined ?rules)
    (contest-theme-decided ?theme)
    (contest-objectives-decided)
  )

  (:action select-theme
    :parameters (?theme)
    :precondition (understands-halloween-traditions)
    :effect (and (theme-selected ?theme)
                 (contest-theme-decided ?theme))
  )

  (:action outline-rules
    :parameters (?rules ?details ?theme)
    :precondition (and (contest-theme-decided ?theme)
                       (contest-objectives-decided))
    :effect (and (rules-outlined ?rules))
  )
)
