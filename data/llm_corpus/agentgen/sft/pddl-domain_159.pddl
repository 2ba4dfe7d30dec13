(define (domain housing-price-prediction)
  (:requirements :strips)
  (:predicates
    (basic-ml-knowledge)
    (understands-rf)
    (data-collected)
    (dataset-ready)
    (basic-rf-setup)
    (optimal-trees-determined)
    (model-trained)
    (model-evaluated)
    (ethical-data-handling)
    (computational-efficiency-considered)
    (comprehensive-evaluation-conducted)
  )

  (:action research_random_forest
    :parameters ()
    :precondition (basic-ml-knowledge)
    :effect (and (understands-rf)
                 (not (basic-ml-knowledge))))

  (:action collect_housing_data
    :parameters ()
    :precondition (understands-rf)
    :effect (and (data-collected)
                 (ethical-data-handling)))

  (:action determine_optimal_number_of_trees
    :parameters ()
    :precondition (and (dataset-ready) (basic-rf-setup))
    :effect (and (optimal-trees-determined)
                 (computational-efficiency-considered)))

  (:action evaluate_model_performance
    :parameters ()
    :precondition (and (model-trained) (optimal-trees-determined))
    :effect (and (model-evaluated)
                 (comprehensive-evaluation-conducted)))
)
