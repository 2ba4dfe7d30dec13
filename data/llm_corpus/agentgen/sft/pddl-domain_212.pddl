(define (domain backpacking-in-rain)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    weather_condition gear_type location terrain_type navigation_method) ; Assuming these types need to be declared
  (:predicates
    (weather-conditions-identified ?wc - weather_condition)
    (gear-selected ?gt - gear_type)
    (campsite-arrived ?loc - location)
    (camp-setup ?loc - location)
    (in-terrain ?tt - terrain_type)
    (navigated ?tt - terrain_type ?nm - navigation_method)
  )

  (:action selectgear
    :parameters (?gt - gear_type ?wc - weather_condition)
    :precondition (weather-conditions-identified ?wc)
    :effect (gear-selected ?gt)
  )

  (:action setupcamp
    :parameters (?loc - location ?wc - weather_condition)
    :precondition (and (campsite-arrived ?loc) (weather-conditions-identified ?wc))
    :effect (camp-setup ?loc)
  )

  (:action navigaterain
    :parameters (?tt - terrain_type ?nm - navigation_method)
    :precondition (in-terrain ?tt)
    :effect (navigated ?tt ?nm)
  )
)
