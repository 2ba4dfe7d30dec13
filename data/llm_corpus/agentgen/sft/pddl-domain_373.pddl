(define (domain language-learning-app)
  (:requirements :strips)
  (:predicates
    (database-of-sentences ?app)
    (list-of-vocabulary ?app)
    (understands-srs ?app)
    (contextual-module-developed ?app)
    (isolated-module-developed ?app)
    (evaluation-setup ?app)
    (user-data-collected ?app))

  (:action develop-contextual-module
    :parameters (?app)
    :precondition (database-of-sentences ?app)
    :effect (contextual-module-developed ?app))

  (:action implement-isolated-module
    :parameters (?app)
    :precondition (and (list-of-vocabulary ?app) (understands-srs ?app))
    :effect (isolated-module-developed ?app))

  (:action evaluate-learning-efficiency
    :parameters (?app)
    :precondition (and (contextual-module-developed ?app) (isolated-module-developed ?app) (user-data-collected ?app))
    :effect (evaluation-setup ?app))
)
