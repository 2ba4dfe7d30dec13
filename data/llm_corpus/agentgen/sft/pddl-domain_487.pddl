(define (domain surprise-party)
  (:requirements :strips)
  (:predicates
    (theme-selected ?theme)
    (guest-list-finalized)
    (invitations-prepared)
    (scavenger-hunt-designed)
    (cake-and-decorations-arranged)
    (equipment-set-up)
    (theme-suitable-for-teen ?theme)
    (locations-identified ?locations)
    (challenges-created ?challenges)
    (equipment-list-defined ?equipment_list)
    (equipment-available ?equipment_list)
  )

  (:action select_theme
    :parameters (?theme)
    :precondition (theme-suitable-for-teen ?theme)
    :effect (theme-selected ?theme)
  )

  (:action prepare_invitations
    :parameters (?theme ?guest_list)
    :precondition (and (theme-selected ?theme) (guest-list-finalized))
    :effect (invitations-prepared)
  )

  (:action design_scavenger_hunt
    :parameters (?theme ?locations ?challenges)
    :precondition (and (theme-selected ?theme) (locations-identified ?locations) (challenges-created ?challenges))
    :effect (scavenger-hunt-designed)
  )

  (:action arrange_cake_and_decorations
    :parameters (?theme)
    :precondition (theme-selected ?theme)
    :effect (cake-and-decorations-arranged)
  )

  (:action set_up_equipment
    :parameters (?equipment_list)
    :precondition (and (equipment-list-defined ?equipment_list) (equipment-available ?equipment_list))
    :effect (equipment-set-up)
  )
)
