(define (domain python-data-analysis-tutorial)
  (:requirements :strips)
  (:predicates
    (dataset-loaded ?dataset)
    (function-described ?function)
    (analysis-designed ?analysis)
    (function-applied ?function ?result)
    (insight-gained ?insight))

  (:action analyzeData
    :parameters (?dataset ?technique ?function)
    :precondition (and (dataset-loaded ?dataset) (function-described ?function))
    :effect (and (analysis-designed ?technique)
                 (insight-gained ?technique)))

  (:action applyFunction
    :parameters (?manipulation ?function ?expectedResult)
    :precondition (and (function-described ?function))
    :effect (and (function-applied ?function ?expectedResult)
                 (insight-gained ?expectedResult)))
)
