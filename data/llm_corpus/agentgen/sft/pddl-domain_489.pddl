(define (domain vegas-upgrade)
  (:requirements :strips)
  (:types
    time occasion loyalty_status amount
  )
  (:predicates
    (is-check-in-day)
    (has-occasion)
    (mentioned-occasion)
    (member-of-rewards)
    (inquired-upgrade)
    (has-amount-for-tip ?amount - amount)
    (offered-tip)
    (aware-of-situation)
    (possible-upgrade)
  )

  (:action check-in
    :parameters (?time - time ?occasion - occasion)
    :precondition (and (is-check-in-day) (has-occasion))
    :effect (and (mentioned-occasion) (aware-of-situation))
  )

  (:action inquire
    :parameters (?status - loyalty_status)
    :precondition (member-of-rewards)
    :effect (inquired-upgrade)
  )

  (:action tip
    :parameters (?amount - amount)
    :precondition (has-amount-for-tip ?amount)
    :effect (and (offered-tip) (possible-upgrade))
  )
)
