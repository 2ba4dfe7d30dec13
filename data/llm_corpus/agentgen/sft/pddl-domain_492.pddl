(define (domain balanced-travel)
  (:requirements :strips)
  (:types location time interest activity method tool)
  
  (:predicates
    (at-location ?l - location)
    (time-available ?t - time)
    (interested-in ?i - interest)
    (activity-chosen ?a - activity)
    (method-suitable ?m - method ?a - activity)
    (tool-suitable ?t - tool ?a - activity)
    (willing-to-dedicate-time ?a - activity)
    (relaxation-increased)
    (engaged-in-activity ?a - activity)
  )

  (:action chooseactivity
    :parameters (?l - location ?t - time ?i - interest ?a - activity)
    :precondition (and (at-location ?l) (time-available ?t) (interested-in ?i))
    :effect (and (activity-chosen ?a))
  )

  (:action practice
    :parameters (?a - activity ?m - method ?t - tool)
    :precondition (and (activity-chosen ?a) (method-suitable ?m ?a) (tool-suitable ?t ?a) (willing-to-dedicate-time ?a))
    :effect (and (relaxation-increased) (engaged-in-activity ?a))
  )
)
