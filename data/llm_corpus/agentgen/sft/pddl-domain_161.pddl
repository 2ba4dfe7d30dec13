(define (domain digital-time-capsule)
  (:requirements :strips :typing)
  (:types item category encryption date reminder backuplocation vault) ; Removed '-' before object and corrected the types declaration

  (:predicates
    (digital-memorabilia ?i - item)
    (has-enough-space ?v - vault)
    (stored-in ?i - item ?v - vault)
    (valid-category ?c - category)
    (categorized ?i - item ?c - category)
    (not-encrypted ?i - item)
    (encrypted ?i - item)
    (future-date ?d - date)
    (scheduled-to-open ?v - vault ?d - date)
    (valid-reminder ?r - reminder)
    (reminder-set ?v - vault ?r - reminder)
    (contains-items ?v - vault)
    (secure-location ?b - backuplocation)
    (backup-created ?v - vault ?b - backuplocation)
  )

  (:action storeitem
    :parameters (?i - item ?v - vault)
    :precondition (and (digital-memorabilia ?i) (has-enough-space ?v))
    :effect (and (stored-in ?i ?v) (not (has-enough-space ?v)))
  )

  (:action categorizeitem
    :parameters (?i - item ?c - category ?v - vault) ; Corrected by adding ?v - vault to parameters
    :precondition (and (stored-in ?i ?v) (valid-category ?c))
    :effect (categorized ?i ?c)
  )

  (:action encryptitem
    :parameters (?i - item ?v - vault) ; Ensuring ?v is included since it's used in the precondition
    :precondition (and (stored-in ?i ?v) (not-encrypted ?i))
    :effect (and (encrypted ?i) (not (not-encrypted ?i)))
  )

  (:action scheduleopening
    :parameters (?v - vault ?d - date)
    :precondition (future-date ?d)
    :effect (scheduled-to-open ?v ?d)
  )

  (:action addreminder
    :parameters (?v - vault ?d - date ?r - reminder)
    :precondition (and (scheduled-to-open ?v ?d) (valid-reminder ?r))
    :effect (reminder-set ?v ?r)
  )

  (:action backupvault
    :parameters (?v - vault ?b - backuplocation)
    :precondition (and (contains-items ?v) (secure-location ?b))
    :effect (backup-created ?v ?b)
  )
)
