(define (domain dog-playfulness)
  (:requirements :strips)
  (:types mood energy activity item)
  
  (:predicates
    (mood ?m - mood)
    (energy-level ?e - energy)
    (activity-planned ?a - activity)
    (item-available ?i - item)
    (suitable-item ?a - activity ?i - item)
    (playfulness-increased)
  )

  (:action chooseactivity
    :parameters (?m - mood ?e - energy ?a - activity)
    :precondition (and (mood ?m) (energy-level ?e))
    :effect (activity-planned ?a)
  )

  (:action useitem
    :parameters (?a - activity ?i - item)
    :precondition (and (activity-planned ?a) (item-available ?i) (suitable-item ?a ?i))
    :effect (playfulness-increased)
  )
)
