(define (domain love-letter)
  (:requirements :strips)
  (:types theme reason) ; Corrected the types declaration

  (:predicates 
    (described ?t - theme)
    (expressed ?t - theme ?r - reason)
    (theme-discussed ?t - theme)
    (reason-given ?r - reason)
  )

  (:action describe
    :parameters (?t - theme)
    :precondition (and) ; Explicitly marking empty preconditions
    :effect (and 
              (described ?t)
              (theme-discussed ?t)
            )
  )

  (:action express
    :parameters (?t - theme ?r - reason)
    :precondition (and (described ?t)) ; Ensuring proper structure
    :effect (and 
              (expressed ?t ?r)
              (reason-given ?r)
            )
  )
)
