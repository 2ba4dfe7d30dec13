(define (domain reincarnation-study)
  (:requirements :strips)
  (:predicates
    (access-to-biblical-texts)
    (access-to-scholarly-resources)
    (research-completed ?scriptures)
    (analysis-completed ?findings)
    (paper-written ?paper))

  (:action research
    :parameters (?scriptures ?context)
    :precondition (and (access-to-biblical-texts) (access-to-scholarly-resources))
    :effect (research-completed ?scriptures))

  (:action analyze
    :parameters (?findings ?implications)
    :precondition (research-completed ?findings)
    :effect (analysis-completed ?findings))

  (:action write
    :parameters (?paper ?presentation)
    :precondition (analysis-completed ?paper)
    :effect (paper-written ?paper))
)
