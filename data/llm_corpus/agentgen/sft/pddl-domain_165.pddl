(define (domain programming-workshop)
  (:requirements :strips)
  (:predicates
    (comprehensive-understanding)
    (agenda-structured)
    (examples-prepared)
    (q-and-a-planned)
  )

  (:action choose_session_topics
    :parameters ()
    :precondition (comprehensive-understanding)
    :effect (and (agenda-structured)
                 (not (comprehensive-understanding)))
  )

  (:action prepare_interactive_examples
    :parameters ()
    :precondition (and (agenda-structured))
    :effect (and (examples-prepared)
                 (not (agenda-structured)))
  )

  (:action plan_q_and_a_session
    :parameters ()
    :precondition (and (examples-prepared))
    :effect (and (q-and-a-planned)
                 (not (examples-prepared)))
  )
)
