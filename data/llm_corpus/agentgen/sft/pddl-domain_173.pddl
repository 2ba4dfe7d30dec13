(define (domain wreathcrafting)
  (:requirements :strips :typing) ; Ensure we are using :typing correctly
  (:types
    ribbon ; Define the ribbon type
  )
  (:predicates
    (wreath-needs-bow)
    (ribbon-selected ?r - ribbon)
    (ribbon-folded ?r - ribbon)
    (center-secured ?r - ribbon)
    (bow-attached ?r - ribbon)
  )

  (:action select
    :parameters (?r - ribbon)
    :precondition (wreath-needs-bow)
    :effect (and (ribbon-selected ?r)
                 (not (wreath-needs-bow))))

  (:action fold
    :parameters (?r - ribbon)
    :precondition (ribbon-selected ?r)
    :effect (ribbon-folded ?r))

  (:action secure
    :parameters (?r - ribbon)
    :precondition (ribbon-folded ?r)
    :effect (and (center-secured ?r)
                 (not (ribbon-folded ?r))))

  (:action attach
    :parameters (?r - ribbon)
    :precondition (center-secured ?r)
    :effect (and (bow-attached ?r)
                 (not (center-secured ?r))))
)
