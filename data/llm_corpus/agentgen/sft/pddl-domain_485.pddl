(define (domain komeito-analysis)
  (:requirements :strips)
  (:predicates
    (identified-komeito)
    (researched-origin)
    (evaluated-ideological-shift)
    (analyzed-coalition-role)
    (investigated-controversies))

  (:action research
    :parameters ()
    :precondition (identified-komeito)
    :effect (researched-origin))

  (:action evaluate
    :parameters ()
    :precondition (researched-origin)
    :effect (evaluated-ideological-shift))

  (:action analyze
    :parameters ()
    :precondition (evaluated-ideological-shift)
    :effect (analyzed-coalition-role))

  (:action investigate
    :parameters ()
    :precondition (and (researched-origin) (evaluated-ideological-shift) (analyzed-coalition-role))
    :effect (investigated-controversies))
)
