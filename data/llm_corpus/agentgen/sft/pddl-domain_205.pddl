(define (domain comforting-dying-dogs)
  (:requirements :strips)
  (:predicates
    (understands-canine-behavior)
    (knows-veterinary-care)
    (knows-grief-counseling)
    (understands-grieving-process)
    (comfort-measures-compiled)
    (emotional-support-strategies-outlined)
    (memorializing-ideas-created)
  )

  (:action compileComfortMeasures
    :parameters (?comfort_measure)
    :precondition (and (understands-canine-behavior) (knows-veterinary-care))
    :effect (comfort-measures-compiled)
  )

  (:action outlineEmotionalSupportStrategies
    :parameters (?pet_owner)
    :precondition (knows-grief-counseling)
    :effect (emotional-support-strategies-outlined)
  )

  (:action createMemorializingIdeas
    :parameters (?memory_preservation)
    :precondition (understands-grieving-process)
    :effect (memorializing-ideas-created)
  )
)
