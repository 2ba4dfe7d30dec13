(define (domain kotlin-differences)
  (:requirements :strips)
  (:predicates 
    (feature-implemented ?f - feature ?o - objectType ?u - usageContext)
    (lifecycle-analyzed ?o - objectType ?s - applicationScenario)
  )

  (:types feature objectType usageContext applicationScenario)

  (:action implementFeature
    :parameters (?f - feature ?o - objectType ?u - usageContext)
    :precondition (and)
    :effect (feature-implemented ?f ?o ?u)
  )

  (:action analyzeLifecycle
    :parameters (?o - objectType ?s - applicationScenario)
    :precondition (and)
    :effect (lifecycle-analyzed ?o ?s)
  )
)
