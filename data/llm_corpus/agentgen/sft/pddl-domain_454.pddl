(define (domain legal-analysis)
  (:requirements :strips)
  (:predicates
    (contains-information ?legal_text ?principle)
    (understands ?ai ?principle)
    (scenario-evaluated ?scenario ?principle ?exceptions)
    (correct-application ?scenario ?principle)
    (options-available ?scenario)
    (selected ?option ?scenario))

  (:action analyze
    :parameters (?ai ?legal_text ?principle)
    :precondition (contains-information ?legal_text ?principle)
    :effect (understands ?ai ?principle))

  (:action evaluate
    :parameters (?ai ?scenario ?principle ?exceptions)
    :precondition (and (understands ?ai ?principle)
                       (not (scenario-evaluated ?scenario ?principle ?exceptions)))
    :effect (and (scenario-evaluated ?scenario ?principle ?exceptions)
                 (correct-application ?scenario ?principle)))

  (:action select
    :parameters (?option ?scenario ?principle)
    :precondition (and (correct-application ?scenario ?principle)
                       (options-available ?scenario))
    :effect (selected ?option ?scenario))
)
