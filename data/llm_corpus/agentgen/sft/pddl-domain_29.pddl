(define (domain game-critic-world)
  (:requirements :strips)
  (:predicates
    (navigated-game-world)
    (experienced-key-moments)
    (encountered-challenges)
    (analyzed ?mechanic)
    (documented ?narrative)
    (evaluated ?strategy))

  (:action analyze
    :parameters (?mechanic)
    :precondition (navigated-game-world)
    :effect (and (analyzed ?mechanic)))

  (:action document
    :parameters (?narrative)
    :precondition (experienced-key-moments)
    :effect (and (documented ?narrative)))

  (:action evaluate
    :parameters (?strategy)
    :precondition (encountered-challenges)
    :effect (and (evaluated ?strategy)))
)
