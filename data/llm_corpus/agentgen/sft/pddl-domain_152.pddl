(define (domain atnt-bill-management)
  (:requirements :strips :typing)
  (:types homeowner smartphone computer file_organizer)
  (:predicates
    (in-home-office ?h - homeowner)
    (knows-due-date ?h - homeowner)
    (has-organized-documents ?h - homeowner)
    (has-set-reminder ?h - homeowner)
    (bill-paid ?h - homeowner)
    (has-smartphone ?h - homeowner ?s - smartphone)
    (has-computer ?h - homeowner ?c - computer)
    (has-file-organizer ?h - homeowner ?f - file_organizer)
  )

  (:action organize_billing_documents
    :parameters (?h - homeowner ?f - file_organizer)
    :precondition (and (in-home-office ?h) (has-file-organizer ?h ?f))
    :effect (has-organized-documents ?h)
  )

  (:action set_payment_reminder
    :parameters (?h - homeowner ?s - smartphone)
    :precondition (and (knows-due-date ?h) (has-smartphone ?h ?s))
    :effect (has-set-reminder ?h)
  )

  (:action pay_bill_online
    :parameters (?h - homeowner ?c - computer)
    :precondition (and (has-organized-documents ?h) (has-set-reminder ?h) (has-computer ?h ?c))
    :effect (bill-paid ?h)
  )
)
