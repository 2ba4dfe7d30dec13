(define (domain 90s-party-outfit)
  (:requirements :strips)
  (:predicates
    (interested-in-90s-party)
    (understands-90s-fashion)
    (identified-items)
    (has-authentic-90s-outfit)
    (on-budget)
  )

  (:action research-90s-fashion-trends
    :parameters ()
    :precondition (interested-in-90s-party)
    :effect (and (understands-90s-fashion)
                 (not (interested-in-90s-party))
                 (identified-items))
  )

  (:action thrift-vintage-clothing
    :parameters ()
    :precondition (identified-items)
    :effect (and (has-authentic-90s-outfit)
                 (on-budget))
  )
)
