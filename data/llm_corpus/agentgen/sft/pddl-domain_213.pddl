(define (domain data_classification)
  (:requirements :strips)
  (:types
    variable
  )
  (:predicates
    (clear-understanding)
    (dictionary-defined)
    (variable-analyzed ?v - variable)
    (dataset-loaded)
    (variable-classified ?v - variable)
  )

  (:action define-dictionary
    :parameters ()
    :precondition (clear-understanding)
    :effect (and (dictionary-defined)
                 (not (clear-understanding)))
  )

  (:action analyze-variable
    :parameters (?v - variable)
    :precondition (and (dataset-loaded) (not (variable-analyzed ?v)))
    :effect (and (variable-analyzed ?v))
  )

  (:action classify-variable
    :parameters (?v - variable)
    :precondition (and (variable-analyzed ?v) (dictionary-defined))
    :effect (and (variable-classified ?v))
  )
)
