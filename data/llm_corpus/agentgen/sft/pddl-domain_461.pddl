(define (domain noodleshop)
  (:requirements :strips)
  (:predicates
    (has_market_data ?owner)
    (menu_created ?owner)
    (location_secured ?owner)
    (staff_hired ?owner)
    (restaurant_open ?owner)
  )

  (:action research_market
    :parameters (?owner)
    :precondition (and)
    :effect (has_market_data ?owner)
  )

  (:action create_menu
    :parameters (?owner)
    :precondition (has_market_data ?owner)
    :effect (menu_created ?owner)
  )

  (:action find_location
    :parameters (?owner)
    :precondition (menu_created ?owner)
    :effect (location_secured ?owner)
  )

  (:action hire_staff
    :parameters (?owner)
    :precondition (location_secured ?owner)
    :effect (staff_hired ?owner)
  )

  (:action open_restaurant
    :parameters (?owner)
    :precondition (staff_hired ?owner)
    :effect (restaurant_open ?owner)
  )
)
