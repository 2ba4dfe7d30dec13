(define (domain aviation-safety-course)
  (:requirements :strips)
  (:predicates
    (unique-title ?t)
    (space-available)
    (section-exists ?t)
    (relevant-element ?t ?e)
    (formatted ?t)
  )

  (:action CreateSection
    :parameters (?t ?c) ; Removed specific types since they are not defined in the domain
    :precondition (and (unique-title ?t) (space-available))
    :effect (and (section-exists ?t) 
                 (not (unique-title ?t))))

  (:action AddInteractiveElement
    :parameters (?t ?e ?c) ; Removed specific types since they are not defined in the domain
    :precondition (and (section-exists ?t) (relevant-element ?t ?e))
    :effect (and (relevant-element ?t ?e)) ; Assuming the effect is to mark the section as having an interactive element. Adjust according to the domain needs.
  )

  (:action FormatSection
    :parameters (?t ?s) ; Removed specific types since they are not defined in the domain
    :precondition (section-exists ?t)
    :effect (formatted ?t)
  )
)
