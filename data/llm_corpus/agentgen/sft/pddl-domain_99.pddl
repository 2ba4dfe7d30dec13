(define (domain language-understanding)
  (:requirements :strips)
  (:predicates
    (understands-nlp)
    (has-logical-reasoning)
    (algorithm-developed)
    (test-set-developed)
    (system-tested)
    (enhanced-understanding ?relationship)
  )

  (:action analyze
    :parameters (?sentence-pairs ?logical-relationship)
    :precondition (and (understands-nlp) (has-logical-reasoning))
    :effect (enhanced-understanding ?logical-relationship)
  )

  (:action develop
    :parameters (?algorithm ?improved-understanding)
    :precondition (and (understands-nlp) (has-logical-reasoning))
    :effect (and (algorithm-developed) (enhanced-understanding ?improved-understanding))
  )

  (:action test
    :parameters (?ai-system ?accuracy)
    :precondition (and (algorithm-developed) (test-set-developed))
    :effect (system-tested)
  )
)
