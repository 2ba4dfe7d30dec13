(define (domain surprise-birthday-party)
  (:requirements :strips)
  (:types
    theme_selection activity_coherence decor_cohesion menu_and_favor_relevance
  )
  (:predicates
    (understands-child-interests)
    (has-creative-vision)
    (theme-selected ?theme - theme_selection)
    (activities-planned ?theme - theme_selection)
    (invitations-created ?theme - theme_selection)
    (decorations-designed ?theme - theme_selection)
    (menu-planned ?theme - theme_selection)
    (favors-selected ?theme - theme_selection)
    (party-executed)
  )

  (:action design-theme-and-activities
    :parameters (?theme - theme_selection ?coherence - activity_coherence)
    :precondition (and (understands-child-interests) (has-creative-vision))
    :effect (and (theme-selected ?theme) (activities-planned ?theme))
  )

  (:action create-invitation-and-decor
    :parameters (?theme - theme_selection ?cohesion - decor_cohesion)
    :precondition (theme-selected ?theme)
    :effect (and (invitations-created ?theme) (decorations-designed ?theme))
  )

  (:action plan-menu-and-favors
    :parameters (?theme - theme_selection ?relevance - menu_and_favor_relevance)
    :precondition (theme-selected ?theme)
    :effect (and (menu-planned ?theme) (favors-selected ?theme))
  )

  (:action execute-party
    :parameters (?theme - theme_selection)
    :precondition (and (theme-selected ?theme) (activities-planned ?theme) 
                       (invitations-created ?theme) (decorations-designed ?theme) 
                       (menu-planned ?theme) (favors-selected ?theme))
    :effect (party-executed)
  )
)
