(define (domain icml2023-cfp)
  (:requirements :strips :typing)
  (:types
    research_area
    section
    content
  )
  (:predicates
    (understands-ml-trends)
    (research-area-identified ?area - research_area)
    (content-identified ?section - section)
    (section-drafted ?section - section)
  )

  (:action identify
    :parameters (?area - research_area)
    :precondition (understands-ml-trends)
    :effect (research-area-identified ?area)
  )

  (:action draft
    :parameters (?section - section ?content - content)
    :precondition (content-identified ?section)
    :effect (section-drafted ?section)
  )
)
