(define (domain civilization-v-culture-victory)
  (:requirements :strips)
  (:predicates (has-data ?stage)
               (has-feedback ?stage)
               (strategy-created ?stage ?focus)
               (optimal-city-count-identified ?stage))

  (:action analyzeData
    :parameters (?stage ?citycount ?culturalimpact)
    :precondition (and (has-data ?stage) (has-feedback ?stage))
    :effect (optimal-city-count-identified ?stage))

  (:action createStrategy
    :parameters (?stage ?optimalcitycount ?strategyfocus)
    :precondition (and (optimal-city-count-identified ?stage))
    :effect (strategy-created ?stage ?strategyfocus))
)
