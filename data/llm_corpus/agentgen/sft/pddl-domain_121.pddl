(define (domain silver-care-guide)
  (:requirements :strips)
  (:predicates
    (knowledge-of-materials)
    (materials-list-created)
    (expertise-in-jewelry-care)
    (techniques-demonstrated)
    (understanding-of-tarnishing-factors)
    (preventative-measures-discussed)
  )

  (:action identifyMaterialsNeeded
    :parameters (?material - object)
    :precondition (knowledge-of-materials)
    :effect (materials-list-created)
  )

  (:action demonstrateCleaningTechniques
    :parameters (?technique - object)
    :precondition (expertise-in-jewelry-care)
    :effect (techniques-demonstrated)
  )

  (:action discussPreventativeMeasures
    :parameters (?preventative_measure - object)
    :precondition (understanding-of-tarnishing-factors)
    :effect (preventative-measures-discussed)
  )
)
