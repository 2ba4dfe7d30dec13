(define (domain crochet-joining-techniques)
  (:requirements :strips)
  (:types yarn-type technique-application project-pattern technique-suitability)
  
  (:predicates
    (understands-materials-and-methods)
    (has-experimented-or-researched ?p - project-pattern ?t - technique-suitability)
    (skill-set-enhanced ?y - yarn-type ?ta - technique-application)
    (guide-informed ?pp - project-pattern ?ts - technique-suitability)
  )

  (:action explainjoiningtechnique
    :parameters (?y - yarn-type ?ta - technique-application)
    :precondition (understands-materials-and-methods)
    :effect (skill-set-enhanced ?y ?ta)
  )

  (:action assessimpact
    :parameters (?pp - project-pattern ?ts - technique-suitability)
    :precondition (has-experimented-or-researched ?pp ?ts)
    :effect (guide-informed ?pp ?ts)
  )
)
