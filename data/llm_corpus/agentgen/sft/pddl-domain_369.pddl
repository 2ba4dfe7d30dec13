(define (domain matplotlib-visualization)
  (:requirements :strips :typing)
  (:types subplotIndex data plotType title xLabel yLabel rows columns)

  (:predicates
    (positive-integer ?r - rows ?c - columns)
    (subplot-exists ?i - subplotIndex)
    (data-compatible ?d - data ?pt - plotType)
    (strings ?t - title ?xl - xLabel ?yl - yLabel)
    (figure-created)
  )

  (:action createFigure
    :parameters (?r - rows ?c - columns)
    :precondition (positive-integer ?r ?c)
    :effect (and (figure-created))
  )

  (:action plotData
    :parameters (?i - subplotIndex ?d - data ?pt - plotType)
    :precondition (and (subplot-exists ?i) (data-compatible ?d ?pt) (figure-created))
    :effect (and)
    ; Note: The effect is conceptual as the actual visualization effect cannot be represented in PDDL
  )

  (:action customizePlot
    :parameters (?i - subplotIndex ?t - title ?xl - xLabel ?yl - yLabel)
    :precondition (and (subplot-exists ?i) (strings ?t ?xl ?yl) (figure-created))
    :effect (and)
    ; Note: Similar to plotData, the effect is conceptual due to the nature of visualization tasks
  )
)
