(define (domain data_visualization)
  (:requirements :strips :typing)
  (:types
    object) ; Assuming 'object' is a placeholder, it should be replaced with actual types if needed.
  (:predicates
    (program-running)
    (data-collected ?data - object)
    (chart-generated ?type - object))
  
  (:action collectdata
    :parameters (?userinput - object ?datastructure - object)
    :precondition (program-running)
    :effect (and (data-collected ?datastructure)
                 (not (program-running))))
  
  (:action generatechart
    :parameters (?datastructure - object ?visualizationtype - object)
    :precondition (data-collected ?datastructure)
    :effect (and (chart-generated ?visualizationtype)
                 (not (data-collected ?datastructure))))
)
