(define (domain plant-leaf-cleaning)
  (:requirements :strips)
  (:predicates
    (basic-understanding-of-botany)
    (identified-plant-types-and-needs)
    (researched-cleaning-techniques)
    (evaluated-risks-and-benefits)
    (proposed-recommendations)
  )

  (:action identify
    :parameters (?plant-types-and-needs)
    :precondition (basic-understanding-of-botany)
    :effect (identified-plant-types-and-needs)
  )

  (:action research
    :parameters (?cleaning-techniques)
    :precondition (identified-plant-types-and-needs)
    :effect (researched-cleaning-techniques)
  )

  (:action evaluate
    :parameters (?risks-and-benefits)
    :precondition (researched-cleaning-techniques)
    :effect (evaluated-risks-and-benefits)
  )

  (:action propose
    :parameters (?recommendations)
    :precondition (evaluated-risks-and-benefits)
    :effect (proposed-recommendations)
  )
)
