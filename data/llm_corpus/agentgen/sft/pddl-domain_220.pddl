(define (domain nursery-rhyme-reimagined)
  (:requirements :strips)
  (:predicates
    (knowledge-of-rhymes)
    (rhyme-selected ?rhyme)
    (theme-identified ?rhyme)
    (scenarios-brainstormed ?elements)
    (verses-rewritten ?scenarios)
    (ready-to-perform ?rhyme)
    (audience-ready ?audience)
  )

  (:action select_rhyme
    :parameters (?rhyme)
    :precondition (knowledge-of-rhymes)
    :effect (and (rhyme-selected ?rhyme)
                 (not (knowledge-of-rhymes))))

  (:action identify_theme_elements
    :parameters (?rhyme)
    :precondition (rhyme-selected ?rhyme)
    :effect (theme-identified ?rhyme))

  (:action brainstorm_alternative_scenarios
    :parameters (?elements)
    :precondition (theme-identified ?elements)
    :effect (scenarios-brainstormed ?elements))

  (:action rewrite_verses
    :parameters (?scenarios)
    :precondition (scenarios-brainstormed ?scenarios)
    :effect (verses-rewritten ?scenarios))

  (:action perform_modified_rhyme
    :parameters (?rhyme ?audience)
    :precondition (and (verses-rewritten ?rhyme) (audience-ready ?audience))
    :effect (ready-to-perform ?rhyme))
)
