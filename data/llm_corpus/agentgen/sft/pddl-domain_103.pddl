(define (domain civilization-simulation)
  (:requirements :strips)
  (:types event time effect factor value) ; Assuming these are the types needed
  (:predicates 
    (event-scheduled ?e - event)
    (modifiable-factor ?f - factor)
  )

  (:action implementdelay
    :parameters (?e - event ?t - time ?effect - effect)
    :precondition (event-scheduled ?e)
    :effect (and (not (event-scheduled ?e))
                 ; Assuming there's a missing predicate to handle ?effect
                 ; Placeholder: (effect-applied ?effect)
                 )
  )

  (:action adjustparameter
    :parameters (?f - factor ?v - value)
    :precondition (modifiable-factor ?f)
    :effect (and (not (modifiable-factor ?f))
                 ; Assuming the intention is to adjust, not replace the factor with a value
                 ; Placeholder: (factor-adjusted ?f ?v)
                 )
  )
)
