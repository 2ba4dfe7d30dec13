(define (domain postgresql-json-manipulation)
  (:requirements :strips)
  (:predicates
    (basic-sql-json-knowledge)
    (identified-json-operations)
    (understands-db-performance)
    (knowledge-of-crud-operations)
    (insight-into-performance-implications)
  )

  (:action exploreJSONmanipulation
    :parameters (?syntax - object ?functions - object)
    :precondition (basic-sql-json-knowledge)
    :effect (knowledge-of-crud-operations)
  )

  (:action analyzeperformanceimplications
    :parameters (?jsonOps - object ?dbPerformance - object)
    :precondition (and (identified-json-operations) (understands-db-performance))
    :effect (insight-into-performance-implications)
  )
)
