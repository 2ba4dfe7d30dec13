(define (domain privacy-training-simulation)
  (:requirements :strips)
  (:predicates
    (knows-privacy-principle ?user)
    (applied-data-protection-strategy ?user)
    (responded-to-data-breach ?user)
    (mastered-privacy-principles ?user)
    (ready-for-complex-scenarios ?user)
  )

  (:action identify
    :parameters (?user ?privacy_principle)
    :precondition (and)
    :effect (and (knows-privacy-principle ?user)
                 (not (applied-data-protection-strategy ?user))
                 (not (responded-to-data-breach ?user))
    )
  )

  (:action implement
    :parameters (?user ?data_protection_strategy)
    :precondition (knows-privacy-principle ?user)
    :effect (and (applied-data-protection-strategy ?user)
                 (mastered-privacy-principles ?user)
    )
  )

  (:action respond
    :parameters (?user ?data_breach_scenario)
    :precondition (and (mastered-privacy-principles ?user)
                       (applied-data-protection-strategy ?user))
    :effect (and (responded-to-data-breach ?user)
                 (ready-for-complex-scenarios ?user)
    )
  )
)
