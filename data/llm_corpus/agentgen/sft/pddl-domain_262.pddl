(define (domain magical-world)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    person ; Defined types used in the domain
    object
  )
  (:predicates
    (encounters ?child - person ?toy - object)
    (willing-to-pay-attention ?child - person)
    (listened-to-story ?child - person ?toy - object)
    (feels-remorse ?child - person)
    (practiced-sharing ?child - person)
    (completed-challenge ?child - person)
    (developed-empathy ?child - person)
  )

  (:action listenToToyStory
    :parameters (?child - person ?toy - object)
    :precondition (and (encounters ?child ?toy) (willing-to-pay-attention ?child))
    :effect (and (listened-to-story ?child ?toy))
  )

  (:action apologizeAndShare
    :parameters (?child - person ?toy - object)
    :precondition (and (listened-to-story ?child ?toy) (feels-remorse ?child))
    :effect (and (practiced-sharing ?child))
  )

  (:action reflectOnActions
    :parameters (?child - person)
    :precondition (completed-challenge ?child)
    :effect (and (developed-empathy ?child))
  )
)
