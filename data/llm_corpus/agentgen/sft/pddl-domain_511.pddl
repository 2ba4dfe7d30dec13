(define (domain museum-exhibit)
  (:requirements :strips)
  (:types location computer historian research design historical_documents)
  
  (:predicates
    (in-office ?historian - historian ?location - location)
    (has-computer ?location - location ?computer - computer)
    (research-completed ?historian - historian ?research - research)
    (design-completed ?historian - historian ?design - design)
    (in-allocated-space ?historian - historian ?location - location)
    (has-materials ?historian - historian ?historical_documents - historical_documents)
    (exhibit-ready ?location - location)
  )

  (:action research_history
    :parameters (?location - location ?computer - computer ?historian - historian ?research - research)
    :precondition (and (in-office ?historian ?location) (has-computer ?location ?computer))
    :effect (research-completed ?historian ?research)
  )

  (:action design_exhibit
    :parameters (?location - location ?computer - computer ?historian - historian ?research - research ?design - design)
    :precondition (research-completed ?historian ?research)
    :effect (design-completed ?historian ?design)
  )

  (:action setup_exhibit
    :parameters (?location - location ?historical_documents - historical_documents ?historian - historian ?design - design)
    :precondition (and (in-allocated-space ?historian ?location) (design-completed ?historian ?design) (has-materials ?historian ?historical_documents))
    :effect (exhibit-ready ?location)
  )
)
