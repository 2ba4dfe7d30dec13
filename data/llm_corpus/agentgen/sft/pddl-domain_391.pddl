(define (domain wordpress-navigation-enhancement)
  (:requirements :strips)
  (:predicates
    (menu-structure-customized ?menu_structure)
    (placeholders-implemented ?placeholder_usage)
    (user-experience-enhanced ?user_experience)
    (responsive ?website)
    (placeholders-accurate ?items_wrap)
    (accessible ?website)
  )

  (:action customize
    :parameters (?menu_structure ?using_items_wrap ?website)
    :precondition (and (responsive ?website))
    :effect (and (menu-structure-customized ?menu_structure)
                 (not (responsive ?website)) ; Assuming customization might initially compromise responsiveness
                 (responsive ?website)) ; Ensuring the action restores responsiveness
  )

  (:action implement
    :parameters (?placeholder_usage ?in_items_wrap)
    :precondition (and (placeholders-accurate ?in_items_wrap))
    :effect (and (placeholders-implemented ?placeholder_usage)
                 (not (placeholders-accurate ?in_items_wrap)) ; Assuming initial inaccuracy
                 (placeholders-accurate ?in_items_wrap)) ; Ensuring the action corrects the accuracy
  )

  (:action enhance
    :parameters (?user_experience ?with_custom_dropdowns ?website)
    :precondition (and (accessible ?website))
    :effect (and (user-experience-enhanced ?user_experience)
                 (not (accessible ?website)) ; Assuming enhancement might initially compromise accessibility
                 (accessible ?website)) ; Ensuring the action restores accessibility
  )
)
