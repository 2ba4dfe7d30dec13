(define (domain webpage-layout-optimization)
  (:requirements :strips :typing)
  (:types container item flex-property spacing-method value - object)

  (:predicates
    (identified-container ?c - container)
    (supports-flex-property ?c - container ?p - flex-property)
    (in-flexbox-container ?i - item)
    (supports-spacing-method ?m - spacing-method)
    (enhanced-layout ?c - container)
    (consistent-spacing ?i - item))

  (:action adjustFlexProperties
    :parameters (?c - container ?p - flex-property ?v - value)
    :precondition (and (identified-container ?c) (supports-flex-property ?c ?p))
    :effect (enhanced-layout ?c))

  (:action refineItemSpacing
    :parameters (?i - item ?m - spacing-method ?v - value)
    :precondition (and (in-flexbox-container ?i) (supports-spacing-method ?m))
    :effect (consistent-spacing ?i))
)
