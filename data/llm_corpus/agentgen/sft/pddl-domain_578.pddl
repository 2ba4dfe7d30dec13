(define (domain webapp-security-enhancement)
  (:requirements :strips)
  (:predicates
    (understands-ror-security ?person)
    (feature-implemented ?feature)
    (security-tests-designed ?feature)
    (feature-tested ?feature)
    (feature-ready-for-production ?feature)
    (feature-deployed ?feature)
  )

  (:action implement
    :parameters (?person ?feature)
    :precondition (understands-ror-security ?person)
    :effect (and (feature-implemented ?feature)
                 (security-tests-designed ?feature))
  )

  (:action test
    :parameters (?person ?feature)
    :precondition (and (feature-implemented ?feature)
                       (security-tests-designed ?feature))
    :effect (and (feature-tested ?feature)
                 (feature-ready-for-production ?feature))
  )

  (:action deploy
    :parameters (?person ?feature)
    :precondition (and (feature-tested ?feature)
                       (feature-ready-for-production ?feature))
    :effect (feature-deployed ?feature)
  )
)
