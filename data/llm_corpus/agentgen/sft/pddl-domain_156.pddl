(define (domain career_recovery_program)
  (:requirements :strips)
  (:predicates
    (in ?vs)
    (connected ?from_vs ?to_vs)
    (is-self-assessment-center ?vs)
    (is-skill-development-lab ?vs)
    (is-networking-hub ?vs)
    (is-job-application-portal ?vs))

  (:action assess
    :parameters (?from_vs ?to_vs)
    :precondition (and (in ?from_vs) (connected ?from_vs ?to_vs) 
                       (is-self-assessment-center ?to_vs)
                       (not (is-job-application-portal ?from_vs)))
    :effect (and (in ?to_vs) 
                 (not (in ?from_vs))))

  (:action develop
    :parameters (?from_vs ?to_vs)
    :precondition (and (in ?from_vs) (connected ?from_vs ?to_vs) 
                       (is-skill-development-lab ?to_vs)
                       (is-self-assessment-center ?from_vs))
    :effect (and (in ?to_vs) 
                 (not (in ?from_vs))))

  (:action network
    :parameters (?from_vs ?to_vs)
    :precondition (and (in ?from_vs) (connected ?from_vs ?to_vs) 
                       (is-networking-hub ?to_vs)
                       (is-skill-development-lab ?from_vs))
    :effect (and (in ?to_vs) 
                 (not (in ?from_vs))))

  (:action apply
    :parameters (?from_vs ?to_vs)
    :precondition (and (in ?from_vs) (connected ?from_vs ?to_vs) 
                       (is-job-application-portal ?to_vs)
                       (is-networking-hub ?from_vs))
    :effect (and (in ?to_vs) 
                 (not (in ?from_vs))))
)
