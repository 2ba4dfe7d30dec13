(define (domain healthy-lifestyle)
  (:requirements :strips :typing)
  (:types
    individual
    food_list
    meal_plan
    preparation_method
    tracking_method
  )
  (:predicates
    (selected_nutritious_foods ?i - individual ?f - food_list)
    (meals_planned ?i - individual ?m - meal_plan)
    (meals_prepared ?i - individual ?p - preparation_method)
    (nutritional_intake_tracked ?i - individual ?t - tracking_method)
  )

  (:action select_nutritious_foods
    :parameters (?i - individual ?f - food_list)
    :precondition (and )
    :effect (selected_nutritious_foods ?i ?f)
  )

  (:action plan_meals
    :parameters (?i - individual ?m - meal_plan ?f - food_list)
    :precondition (selected_nutritious_foods ?i ?f)
    :effect (meals_planned ?i ?m)
  )

  (:action prepare_meals
    :parameters (?i - individual ?m - meal_plan ?p - preparation_method)
    :precondition (meals_planned ?i ?m)
    :effect (meals_prepared ?i ?p)
  )

  (:action track_nutritional_intake
    :parameters (?i - individual ?p - preparation_method ?t - tracking_method)
    :precondition (meals_prepared ?i ?p)
    :effect (nutritional_intake_tracked ?i ?t)
  )
)
