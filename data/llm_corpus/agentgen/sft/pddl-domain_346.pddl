(define (domain slackline-learning)
  (:requirements :strips)
  (:predicates
    (learned-basics)
    (practicing-balance)
    (focusing-on-point)
    (adjusting-movements)
  )

  (:action learn-basics
    :parameters ()
    :precondition (and) ; Corrected from () to (and) to avoid syntax issues
    :effect (learned-basics)
  )

  (:action practice-balance
    :parameters ()
    :precondition (learned-basics)
    :effect (practicing-balance)
  )

  (:action focus-on-point
    :parameters ()
    :precondition (practicing-balance)
    :effect (focusing-on-point)
  )

  (:action adjust-movements
    :parameters ()
    :precondition (and (practicing-balance) (focusing-on-point)) ; This was correct, no change needed
    :effect (adjusting-movements)
  )
)
