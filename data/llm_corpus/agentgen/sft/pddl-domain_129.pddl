(define (domain human-biology-explanation)
  (:requirements :strips)
  (:predicates
    (trained-on-dataset)
    (has-scientific-data ?data)
    (identified-changes ?changes)
    (has-educational-material)
    (simplified-explanation ?explanation)
    (understands-simplified ?explanation)
    (contextualized-advice ?advice))

  (:action analyzebiologicaldata
    :parameters (?data ?changes)
    :precondition (and (trained-on-dataset) (has-scientific-data ?data))
    :effect (and (identified-changes ?changes)
                 (not (has-scientific-data ?data))))

  (:action simplifyexplanation
    :parameters (?changes ?explanation)
    :precondition (and (identified-changes ?changes) (has-educational-material))
    :effect (and (simplified-explanation ?explanation)
                 (not (identified-changes ?changes))))

  (:action providecontext
    :parameters (?explanation ?advice)
    :precondition (and (simplified-explanation ?explanation) (understands-simplified ?explanation))
    :effect (contextualized-advice ?advice))
)
