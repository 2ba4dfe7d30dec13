(define (domain amadeus-training)
  (:requirements :strips)
  (:types location computer trainee simulation_platform manuals - object)

  (:predicates
    (in-training-room ?trainee - trainee)
    (has-learned-basics ?trainee - trainee)
    (has-practiced-booking ?trainee - trainee)
    (has-resolved-issues ?trainee - trainee)
    (has-computer ?location - location ?computer - computer)
    (has-simulation-platform ?location - location ?simulation_platform - simulation_platform)
    (has-manuals ?location - location ?manuals - manuals)
  )

  (:action learn_amadeus_basics
    :parameters (?location - location ?computer - computer ?trainee - trainee)
    :precondition (and (in-training-room ?trainee) (has-computer ?location ?computer))
    :effect (and (has-learned-basics ?trainee))
  )

  (:action practice_booking
    :parameters (?location - location ?simulation_platform - simulation_platform ?trainee - trainee ?computer - computer)
    :precondition (and (in-training-room ?trainee) (has-learned-basics ?trainee) (has-computer ?location ?computer) (has-simulation-platform ?location ?simulation_platform))
    :effect (and (has-practiced-booking ?trainee))
  )

  (:action resolve_booking_issues
    :parameters (?location - location ?simulation_platform - simulation_platform ?trainee - trainee ?computer - computer ?manuals - manuals)
    :precondition (and (in-training-room ?trainee) (has-practiced-booking ?trainee) (has-computer ?location ?computer) (has-simulation-platform ?location ?simulation_platform) (has-manuals ?location ?manuals))
    :effect (and (has-resolved-issues ?trainee))
  )
)
