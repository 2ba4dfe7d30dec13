(define (domain mein_hobby)
  (:requirements :strips)
  (:predicates
    (current_setting ?s)
    (emotional_state ?e)
    (influence ?i)
    (style_chosen ?style)
    (figure_present ?f ?s) ; Historical figure present in the setting
    (figure_influence ?f ?i) ; Historical figure has a potential influence
  )

  (:action choose_setting
    :parameters (?curr ?new ?hitler)
    :precondition (and (current_setting ?curr))
    :effect (and (current_setting ?new)
                 (not (current_setting ?curr))))

  (:action select_painting_style
    :parameters (?style ?hitler ?emotion) ; Corrected parameter name to avoid confusion
    :precondition (and (emotional_state ?emotion)) ; Corrected to match parameter
    :effect (and (style_chosen ?style)))

  (:action interact_with_figure
    :parameters (?figure ?hitler ?influence ?s) ; Added missing parameter ?s
    :precondition (and (figure_present ?figure ?s) (figure_influence ?figure ?influence))
    :effect (and (emotional_state ?influence))) ; Added a placeholder effect for demonstration
)
