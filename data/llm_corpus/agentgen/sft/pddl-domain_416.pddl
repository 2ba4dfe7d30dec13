(define (domain inkscape-text-borders)
  (:requirements :strips)
  (:predicates
    (inkscape-installed)
    (basic-text-functionalities-learned)
    (border-techniques-explored)
    (border-styles-experimented)
    (text-converted-to-paths)
    (challenges-solved))

  (:action learn_basic_text_functionalities
    :parameters ()
    :precondition (inkscape-installed)
    :effect (and (basic-text-functionalities-learned)))

  (:action explore_border_techniques
    :parameters ()
    :precondition (basic-text-functionalities-learned)
    :effect (and (border-techniques-explored)))

  (:action experiment_border_styles
    :parameters ()
    :precondition (border-techniques-explored)
    :effect (and (border-styles-experimented)))

  (:action convert_text_to_paths
    :parameters ()
    :precondition (basic-text-functionalities-learned)
    :effect (and (text-converted-to-paths)))

  (:action solve_challenges
    :parameters ()
    :precondition (and (border-styles-experimented) (text-converted-to-paths))
    :effect (and (challenges-solved)))
)
