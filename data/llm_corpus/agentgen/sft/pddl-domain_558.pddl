(define (domain historical-narrative)
  (:requirements :strips)
  (:predicates (researched ?event)
               (suitable-for-style ?event ?style)
               (trait-integrated ?trait ?element)
               (segment-crafted ?segment)
               (clue-woven ?clue))

  (:action craftsegment
    :parameters (?event ?style ?effect)
    :precondition (and (researched ?event) (suitable-for-style ?event ?style))
    :effect (and (segment-crafted ?effect)))

  (:action weaveclue
    :parameters (?trait ?element)
    :precondition (trait-integrated ?trait ?element)
    :effect (and (clue-woven ?trait)))
)
