(define (domain marriage-license-application)
  (:requirements :strips :typing)
  (:types home computer printer phone couple)
  (:predicates
    (at-home ?h - home)
    (has-computer ?h - home ?c - computer)
    (has-printer ?h - home ?p - printer)
    (has-phone ?h - home ?ph - phone)
    (requirements-researched ?h - home)
    (documents-gathered ?h - home)
    (appointment-scheduled ?h - home)
  )

  (:action research_requirements
    :parameters (?h - home ?couple - couple ?c - computer)
    :precondition (and (at-home ?h) (has-computer ?h ?c))
    :effect (requirements-researched ?h)
  )

  (:action gather_documents
    :parameters (?h - home ?couple - couple ?p - printer)
    :precondition (and (at-home ?h) (has-printer ?h ?p) (requirements-researched ?h))
    :effect (documents-gathered ?h)
  )

  (:action schedule_appointment
    :parameters (?h - home ?couple - couple ?ph - phone)
    :precondition (and (at-home ?h) (has-phone ?h ?ph) (documents-gathered ?h))
    :effect (appointment-scheduled ?h)
  )
)
