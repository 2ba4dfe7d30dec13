(define (domain winter-survival)
  (:requirements :strips :typing)
  (:types tent_type insulation_material location heat_source duration safety_measures food_type storage_method wildlife_encounter_plan emergency_communication first_aid object)

  (:predicates
    (shelter_constructed ?loc - location)
    (heat_source_ready ?hs - heat_source)
    (food_supply_secured ?ft - food_type)
    (personal_safety_ensured)
    (fuel_available ?hs - heat_source)
    (food_available ?ft - food_type)
    (knowledge_of_wildlife)
    (first_aid_trained)
  )

  (:action construct_winter_shelter
    :parameters (?tt - tent_type ?im - insulation_material ?loc - location)
    :precondition (and)
    :effect (shelter_constructed ?loc)
  )

  (:action generate_heat_source
    :parameters (?hs - heat_source ?dur - duration ?sm - safety_measures)
    :precondition (fuel_available ?hs)
    :effect (heat_source_ready ?hs)
  )

  (:action secure_food_supply
    :parameters (?ft - food_type ?sm - storage_method ?dur - duration)
    :precondition (food_available ?ft)
    :effect (food_supply_secured ?ft)
  )

  (:action ensure_personal_safety
    :parameters (?wep - wildlife_encounter_plan ?ec - emergency_communication ?fa - first_aid)
    :precondition (and (knowledge_of_wildlife) (first_aid_trained))
    :effect (personal_safety_ensured)
  )
)
