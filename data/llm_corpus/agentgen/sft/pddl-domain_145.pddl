(define (domain basketball-comparison)
  (:requirements :strips)
  (:predicates (data-available ?category)
               (statistical-data-exists ?player)
               (historical-context-exists ?player)
               (evidence-of-influence ?player)
               (understanding-achieved ?category)
               (insight-gained ?player)
               (appreciation-achieved ?player))

  (:action compareAchievements
    :parameters (?category ?player)
    :precondition (data-available ?category)
    :effect (understanding-achieved ?category))

  (:action analyzePlayingStyle
    :parameters (?player ?style)
    :precondition (and (statistical-data-exists ?player) (historical-context-exists ?player))
    :effect (insight-gained ?player))

  (:action assessImpact
    :parameters (?player ?impact)
    :precondition (evidence-of-influence ?player)
    :effect (appreciation-achieved ?player))
)
