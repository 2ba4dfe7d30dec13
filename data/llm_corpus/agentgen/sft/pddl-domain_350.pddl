(define (domain jekyllhyde-poetry)
  (:requirements :strips)
  (:predicates (understands-psychology ?character)
               (grasps-transformation-significance ?character ?transformation)
               (understands-societal-impact ?transformation ?society)
               (explored-duality ?character)
               (conveyed-transformation ?character ?transformation)
               (reflected-on-societal-consequences ?transformation ?society))

  (:action DevelopCharacterDuality
    :parameters (?character)
    :precondition (understands-psychology ?character)
    :effect (explored-duality ?character))

  (:action IllustrateTransformation
    :parameters (?character ?transformation)
    :precondition (grasps-transformation-significance ?character ?transformation)
    :effect (conveyed-transformation ?character ?transformation))

  (:action ReflectOnConsequences
    :parameters (?transformation ?society)
    :precondition (understands-societal-impact ?transformation ?society)
    :effect (reflected-on-societal-consequences ?transformation ?society))
)
