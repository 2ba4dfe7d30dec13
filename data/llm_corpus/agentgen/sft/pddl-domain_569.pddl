(define (domain heartfelt-letter)
  (:requirements :strips) ; Add :typing if using types
  (:predicates
    (experienced_moment ?emotion ?reason)
    (significant_memory ?memory)
    (recognized_need ?type_of_support)
    ; Define missing predicates
    (communicated_emotion ?emotion ?reason)
    (understood_by_recipient ?emotion ?reason)
    (resonated_with_audience ?emotion ?reason)
    (strengthened_connection ?memory)
    (engaged_audience ?memory)
    (reinforced_care ?type_of_support)
    (felt_supported ?type_of_support)
  )

  (:action express_feeling
    :parameters (?emotion ?reason) ; Removed incorrect type declarations
    :precondition (experienced_moment ?emotion ?reason)
    :effect (and (communicated_emotion ?emotion ?reason)
                 (understood_by_recipient ?emotion ?reason)
                 (resonated_with_audience ?emotion ?reason)))

  (:action share_memory
    :parameters (?memory) ; Removed incorrect type declarations
    :precondition (significant_memory ?memory)
    :effect (and (strengthened_connection ?memory)
                 (engaged_audience ?memory)))

  (:action offer_support
    :parameters (?type_of_support) ; Removed incorrect type declarations
    :precondition (recognized_need ?type_of_support)
    :effect (and (reinforced_care ?type_of_support)
                 (felt_supported ?type_of_support)))
)
