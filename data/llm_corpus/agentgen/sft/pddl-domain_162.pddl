(define (domain relationship-analysis)
  (:requirements :strips :typing)
  (:types
    dataset
    model
    test-dataset
    performance
    relationship
  )
  (:predicates
    (dataset-available ?d - dataset)
    (algorithm-chosen)
    (model-trained ?m - model)
    (test-dataset-available ?t - test-dataset)
    (performance-metrics-defined)
    (relationship-identified ?r - relationship)
  )

  (:action analyzeTextualInteraction
    :parameters (?d - dataset ?r - relationship)
    :precondition (dataset-available ?d)
    :effect (relationship-identified ?r)
  )

  (:action trainModelOnDataset
    :parameters (?d - dataset ?m - model ?a - performance)
    :precondition (and (dataset-available ?d) (algorithm-chosen))
    :effect (model-trained ?m)
  )

  (:action evaluateModelPerformance
    :parameters (?t - test-dataset ?p - performance ?m - model)
    :precondition (and (test-dataset-available ?t) (performance-metrics-defined) (model-trained ?m))
    :effect (performance-metrics-defined)
  )
)
