(define (domain handedness-genetics)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    participant study family-history genetic-patterns correlation genetic-implications
  ) ; Defined all the types used in the domain
  (:predicates
    (consent-obtained ?p - participant)
    (ethical-standards-met)
    (survey-developed)
    (methodology-established)
    (dna-samples-collected ?p - participant)
    (family-history-analyzed ?p - participant)
    (correlation-studied ?p - participant)
    (genetic-variations-identified)
    (hereditary-patterns-identified)
    (biological-implications-understood)
  )

  (:action collect
    :parameters (?p - participant ?s - study)
    :precondition (and (consent-obtained ?p) (ethical-standards-met))
    :effect (dna-samples-collected ?p)
  )

  (:action analyze
    :parameters (?f - family-history ?g - genetic-patterns)
    :precondition (survey-developed)
    :effect (hereditary-patterns-identified)
  )

  (:action study
    :parameters (?c - correlation ?g - genetic-implications)
    :precondition (methodology-established)
    :effect (biological-implications-understood)
  )
)
