(define (domain java-optimization)
  (:requirements :strips)
  (:predicates
    (understands-java ?person)
    (has-analysis-tools ?person)
    (has-optimization-skills ?person)
    (has-testing-setup ?person)
    (application-analyzed ?application)
    (application-optimized ?application)
    (performance-tested ?application)
    (casting-identified ?application)
    (optimization-applied ?application)
    (testing-conducted ?application)
  )

  (:action analyze
    :parameters (?person ?application)
    :precondition (and (understands-java ?person) (has-analysis-tools ?person))
    :effect (and (application-analyzed ?application) (casting-identified ?application))
  )

  (:action optimize
    :parameters (?person ?application)
    :precondition (and (application-analyzed ?application) (has-optimization-skills ?person))
    :effect (and (application-optimized ?application) (optimization-applied ?application))
  )

  (:action test
    :parameters (?person ?application)
    :precondition (and (application-optimized ?application) (has-testing-setup ?person))
    :effect (and (performance-tested ?application) (testing-conducted ?application))
  )
)
