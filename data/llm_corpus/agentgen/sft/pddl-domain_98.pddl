(define (domain historical-fiction-writing)
  (:requirements :strips)
  (:predicates
    (access-to-historical-texts)
    (historical-context-understood)
    (characters-developed)
    (letters-written)
    (clear-understanding-of-characters)
  )

  (:action research
    :parameters (?historical-context ?letter-content)
    :precondition (access-to-historical-texts)
    :effect (and (historical-context-understood)
                 (not (access-to-historical-texts))))

  (:action develop
    :parameters (?character-profiles ?emotional-depth)
    :precondition (and (historical-context-understood)
                       (clear-understanding-of-characters))
    :effect (and (characters-developed)
                 (not (clear-understanding-of-characters))))

  (:action write
    :parameters (?letters ?plot-advancement)
    :precondition (and (historical-context-understood)
                       (characters-developed))
    :effect (letters-written)
  )
)
