(define (domain timetraveler-letter)
  (:requirements :strips)
  (:predicates
    (historical-event-significant ?event)
    (encoding-method-subtle ?method)
    (message-encoded ?message)
    (knowledge-transmitted ?knowledge)
  )

  (:action encodeinstruction
    :parameters (?event ?strategy)
    :precondition (historical-event-significant ?event)
    :effect (message-encoded ?strategy)
  )

  (:action craftmessage
    :parameters (?content ?method)
    :precondition (and (encoding-method-subtle ?method) (message-encoded ?content))
    :effect (knowledge-transmitted ?content)
  )
)
