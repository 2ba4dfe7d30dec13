(define (domain armpit-waxing)
  (:requirements :strips :typing) ; Added :typing to the requirements
  (:types person) ; Defined person as a type
  (:predicates
    (has-supplies ?p - person)
    (skin-prepared ?p - person)
    (wax-applied ?p - person)
    (hair-removed ?p - person)
  )

  (:action gather_supplies
    :parameters (?p - person)
    :precondition (and ) ; Corrected to include logical and with no conditions
    :effect (and (has-supplies ?p))
  )

  (:action prepare_skin
    :parameters (?p - person)
    :precondition (and (has-supplies ?p))
    :effect (and (skin-prepared ?p))
  )

  (:action apply_wax
    :parameters (?p - person)
    :precondition (and (skin-prepared ?p))
    :effect (and (wax-applied ?p))
  )

  (:action remove_wax
    :parameters (?p - person)
    :precondition (and (wax-applied ?p))
    :effect (and (hair-removed ?p))
  )
)
