(define (domain network-analysis)
  (:requirements :strips)
  (:predicates
    (basic-understanding ?setup)
    (access-to-tools ?setup)
    (looped-connection ?setup)
    (monitored-network ?setup)
    (identified-issues ?issues)
    (knowledge-of-management ?knowledge)
    (proposed-solutions ?solutions)
  )

  (:action analyze-impact
    :parameters (?setup ?problems)
    :precondition (and (basic-understanding ?setup) (access-to-tools ?setup))
    :effect (and (looped-connection ?setup) (identified-issues ?problems))
  )

  (:action identify-problems
    :parameters (?issues ?behavior)
    :precondition (and (looped-connection ?issues) (monitored-network ?issues))
    :effect (identified-issues ?behavior)
  )

  (:action propose-solutions
    :parameters (?problems ?strategies)
    :precondition (and (identified-issues ?problems) (knowledge-of-management ?problems))
    :effect (proposed-solutions ?strategies)
  )
)
