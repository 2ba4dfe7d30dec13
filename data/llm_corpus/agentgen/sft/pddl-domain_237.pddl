(define (domain narrative-driven-game)
  (:requirements :strips)
  (:predicates (understands-storytelling)
               (has-creative-imagination)
               (storyline-developed)
               (characters-created)
               (decision-points-designed)
               (has-insight-into-emotions))

  (:action developstoryline
    :parameters (?narrative-elements ?themes)
    :precondition (and (understands-storytelling))
    :effect (and (storyline-developed)))

  (:action createcharacterprofiles
    :parameters (?narrative-role ?item-significance)
    :precondition (and (has-creative-imagination) (has-insight-into-emotions))
    :effect (and (characters-created)))

  (:action designdecisionpoints
    :parameters (?story-progression ?player-choices)
    :precondition (and (storyline-developed) (characters-created))
    :effect (and (decision-points-designed)))
)
