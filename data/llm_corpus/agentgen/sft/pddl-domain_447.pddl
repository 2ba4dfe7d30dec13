(define (domain online-shopping-enhancement)
  (:requirements :strips)
  (:predicates
    (customer-behavior-analyzed)
    (online-platform-improved)
    (supply-chain-resilient)
    (communication-strategies-implemented)
    (customer-feedback-monitored)
  )

  (:action analyze-customer-behavior-changes
    :parameters ()
    :precondition (and) ; Explicitly stating no preconditions
    :effect (customer-behavior-analyzed)
  )

  (:action improve-online-platform
    :parameters ()
    :precondition (and (customer-behavior-analyzed)) ; Ensuring preconditions are properly formatted
    :effect (and (online-platform-improved)) ; Ensuring effects are properly formatted
  )

  (:action ensure-supply-chain-resilience
    :parameters ()
    :precondition (and (online-platform-improved)) ; Ensuring preconditions are properly formatted
    :effect (and (supply-chain-resilient)) ; Ensuring effects are properly formatted
  )

  (:action implement-communication-strategies
    :parameters ()
    :precondition (and (supply-chain-resilient)) ; Ensuring preconditions are properly formatted
    :effect (and (communication-strategies-implemented)) ; Ensuring effects are properly formatted
  )

  (:action monitor-customer-feedback
    :parameters ()
    :precondition (and (communication-strategies-implemented)) ; Ensuring preconditions are properly formatted
    :effect (and (customer-feedback-monitored)) ; Ensuring effects are properly formatted
  )
)
