(define (domain romantic-surprise)
  (:requirements :strips :typing)
  (:types
    vendor_location
    planner
    home_location
    couple
    items
  )
  (:predicates
    (availability_confirmed ?v - vendor_location)
    (has_romantic_items ?p - planner)
    (surprise_setting_designed ?h - home_location ?p - planner)
    (couple_unaware ?c - couple)
    (arrival_time_confirmed ?c - couple)
  )

  (:action order_romantic_items
    :parameters (?v - vendor_location ?p - planner)
    :precondition (availability_confirmed ?v)
    :effect (has_romantic_items ?p)
  )

  (:action design_surprise_setting
    :parameters (?h - home_location ?p - planner)
    :precondition (has_romantic_items ?p)
    :effect (surprise_setting_designed ?h ?p)
  )

  (:action coordinate_surprise_reveal
    :parameters (?h - home_location ?c - couple ?p - planner)
    :precondition (and (surprise_setting_designed ?h ?p) (couple_unaware ?c) (arrival_time_confirmed ?c))
    :effect (and 
              (not (couple_unaware ?c))
              (not (surprise_setting_designed ?h ?p))
            )
  )
)
