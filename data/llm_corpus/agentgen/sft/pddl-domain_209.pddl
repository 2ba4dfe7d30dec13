(define (domain library-love-story)
  (:requirements :strips :typing)
  (:types character book genre story) ; Define necessary types
  (:predicates
    (knows-preference ?c - character)
    (has-overdue ?c - character ?b - book)
    (trust-established ?c - character)
    (relationship-developed ?c - character)
    (empathy-demonstrated ?c - character)
    (conversation-deepened ?c - character)
  )

  (:action recommend
    :parameters (?c - character ?g - genre)
    :precondition (knows-preference ?c)
    :effect (and (conversation-deepened ?c)
                 (trust-established ?c))
  )

  (:action apologize
    :parameters (?c - character ?b - book)
    :precondition (has-overdue ?c ?b)
    :effect (and (empathy-demonstrated ?c)
                 (not (has-overdue ?c ?b)))
  )

  (:action share
    :parameters (?c - character ?s - story)
    :precondition (and (trust-established ?c) (conversation-deepened ?c))
    :effect (relationship-developed ?c)
  )
)
