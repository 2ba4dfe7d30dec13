(define (domain key-exchange)
  (:requirements :strips)
  (:predicates
    (trust-and-security-understood)
    (mutual-agreement-on-trust-and-privacy)
    (exchange-method-agreed ?method)
    (trust-protocol-established ?protocol)
    (keys-exchanged)
    (system-reviewed)
  )

  (:action create-exchange-method
    :parameters (?method ?security-level)
    :precondition (trust-and-security-understood)
    :effect (exchange-method-agreed ?method)
  )

  (:action establish-trust-protocol
    :parameters (?protocol ?relationship)
    :precondition (mutual-agreement-on-trust-and-privacy)
    :effect (trust-protocol-established ?protocol)
  )

  (:action implement-key-exchange
    :parameters (?method ?protocol)
    :precondition (and (exchange-method-agreed ?method) (trust-protocol-established ?protocol))
    :effect (keys-exchanged)
  )

  (:action review-system
    :parameters ()
    :precondition (and (keys-exchanged) (system-reviewed))
    :effect (system-reviewed)
  )
)
