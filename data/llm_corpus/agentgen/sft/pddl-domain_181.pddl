(define (domain bipolar_support_simulation)
  (:requirements :strips :typing) ; Confirming that typing is indeed required.
  (:types
    character ; Declaring 'character' as a type.
  )
  (:predicates
    (interacting ?c - character)
    (trust-established ?c - character)
    (open-communication ?c - character)
    (behavior-change-noticed ?c - character)
    (crisis-recognized ?c - character)
    (willing-to-consider-treatment ?c - character)
    (safe ?c - character)
    (well-being-influenced ?c - character)
  )

  (:action identify-mood-swings
    :parameters (?c - character)
    :precondition (and (interacting ?c) (behavior-change-noticed ?c))
    :effect (and (well-being-influenced ?c))
  )

  (:action facilitate-treatment-discussions
    :parameters (?c - character)
    :precondition (and (trust-established ?c) (open-communication ?c))
    :effect (and (willing-to-consider-treatment ?c))
  )

  (:action manage-crisis-situations
    :parameters (?c - character)
    :precondition (crisis-recognized ?c)
    :effect (and (safe ?c) (well-being-influenced ?c))
  )
)
