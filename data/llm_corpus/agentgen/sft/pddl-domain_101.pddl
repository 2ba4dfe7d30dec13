(define (domain svd-pca-learning)
  (:requirements :strips :typing) ; Added :typing here
  (:types dataset) ; Explicitly declaring types, even though it was not a pointed-out mistake, for completeness.
  (:predicates
    (dataset-ready ?d - dataset)
    (svd-complete ?d - dataset)
    (pca-complete ?d - dataset)
    (dataset-analyzed ?d - dataset)
  )

  (:action execute-svd
    :parameters (?d - dataset)
    :precondition (dataset-ready ?d)
    :effect (and (svd-complete ?d)
                 (not (dataset-ready ?d)))
  )

  (:action apply-pca
    :parameters (?d - dataset)
    :precondition (svd-complete ?d)
    :effect (pca-complete ?d)
  )

  (:action analyze-dataset
    :parameters (?d - dataset)
    :precondition (not (dataset-analyzed ?d))
    :effect (dataset-analyzed ?d)
  )
)
