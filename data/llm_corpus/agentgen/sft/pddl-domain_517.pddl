(define (domain dystopian-survival)
  (:requirements :strips)
  (:types resource surveillance area)
  
  (:predicates
    (resource-rich ?a - area)
    (not-monitored ?a - area)
    (surveillance-active ?s - surveillance)
    (has-resources)
    (undetected)
  )

  (:action scavenge
    :parameters (?r - resource ?a - area)
    :precondition (and (resource-rich ?a) (not-monitored ?a))
    :effect (has-resources)
  )

  (:action evade
    :parameters (?s - surveillance)
    :precondition (surveillance-active ?s)
    :effect (undetected)
  )
)
