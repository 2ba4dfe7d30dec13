(define (domain autumns-embrace)
  (:requirements :strips :typing)
  (:types
    poem section curator experience
  )
  (:predicates
    (in-section ?poem - poem ?section - section)
    (thematic-connection ?from - section ?to - section)
    (not-winter ?section - section)
    (in ?curator - curator ?section - section)
    (central-exhibition-space ?section - section)
    (not-harvest ?section - section)
    (experience-created ?experience - experience)
  )

  (:action select_poem
    :parameters (?poem - poem ?from_section - section ?to_section - section ?curator - curator)
    :precondition (and (in-section ?poem ?from_section)
                       (thematic-connection ?from_section ?to_section)
                       (not-winter ?from_section)
                       (in ?curator ?from_section))
    :effect (and (in-section ?poem ?to_section)
                 (not (in-section ?poem ?from_section))))

  (:action create_experience
    :parameters (?from_section - section ?to_section - section ?curator - curator ?experience - experience)
    :precondition (and (central-exhibition-space ?to_section)
                       (thematic-connection ?from_section ?to_section)
                       (not-harvest ?from_section)
                       (in ?curator ?from_section))
    :effect (and (experience-created ?experience)
                 (not (in-section ?experience ?from_section))))
)
