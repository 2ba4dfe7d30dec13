(define (domain tmobile-g1-unlocking)
  (:requirements :strips :typing)
  (:types
    issue
    solution
    step
    instruction
    visualaid
  )
  (:predicates 
    (accurate-information)
    (user-confident)
    (common-issue-identified ?issue - issue)
    (solution-tested-effective ?solution - solution)
    (user-prepared)
    (user-supported)
    (unlock-successful)
    (user-familiar-with-technology)
  )

  (:action walkthroughstep
    :parameters (?step - step ?instructions - instruction ?visualaids - visualaid)
    :precondition (accurate-information)
    :effect (and (user-confident)
                 (user-supported))
  )

  (:action troubleshootissue
    :parameters (?issue - issue ?solution - solution)
    :precondition (and (common-issue-identified ?issue)
                       (solution-tested-effective ?solution))
    :effect (and (user-prepared)
                 (user-supported)
                 (unlock-successful)
                 (user-familiar-with-technology))
  )
)
