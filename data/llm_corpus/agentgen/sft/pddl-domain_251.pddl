(define (domain npe-debugging)
  (:requirements :strips)
  (:predicates
    (code-accessible ?application-code)
    (vulnerable-code-identified ?application-code)
    (understanding-npe-patterns)
    (debugging-tool-enhanced)
    (team-willing-to-learn)
    (resources-available)
    (team-trained)
  )

  (:action analyze
    :parameters (?application-code ?null-reference-usage)
    :precondition (code-accessible ?application-code)
    :effect (vulnerable-code-identified ?application-code)
  )

  (:action develop
    :parameters (?npe-detection-algorithms ?debugging-tool)
    :precondition (and (understanding-npe-patterns)
                       (vulnerable-code-identified ?npe-detection-algorithms))
    :effect (debugging-tool-enhanced)
  )

  (:action implement
    :parameters (?preventive-coding-practices-training ?development-team)
    :precondition (and (team-willing-to-learn)
                       (resources-available))
    :effect (team-trained)
  )
)
