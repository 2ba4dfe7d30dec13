(define (domain dns-over-tor)
  (:requirements :strips)
  (:predicates
    (protocol-differences-analyzed)
    (dns-routing-mechanism-designed)
    (dns-over-tcp-implemented)
    (system-efficiency-evaluated)
  )

  (:action analyze-protocol-differences
    :parameters ()
    :precondition (and) ; Added (and) to ensure the precondition clause is not empty
    :effect (protocol-differences-analyzed)
  )

  (:action design-dns-routing-mechanism
    :parameters ()
    :precondition (protocol-differences-analyzed)
    :effect (dns-routing-mechanism-designed)
  )

  (:action implement-dns-over-tcp
    :parameters ()
    :precondition (dns-routing-mechanism-designed)
    :effect (dns-over-tcp-implemented)
  )

  (:action evaluate-system-efficiency
    :parameters ()
    :precondition (dns-over-tcp-implemented)
    :effect (system-efficiency-evaluated)
  )

  (:action analyze-limitations-for-udp-routing
    :parameters ()
    :precondition (system-efficiency-evaluated)
    :effect (and) ; Corrected by replacing () with (and) to avoid empty effect clause
  )
)
