(define (domain dinner-party)
  (:requirements :strips)
  (:predicates
    (recipe-not-decided ?course)
    (recipe-selected ?course ?recipe)
    (ingredients-known ?recipe)
    (ingredients-gathered ?recipe)
    (course-ready ?course)
    (correct-time-for ?course)
  )

  (:action selectrecipe
    :parameters (?course ?recipe)
    :precondition (recipe-not-decided ?course)
    :effect (and (recipe-selected ?course ?recipe)
                 (not (recipe-not-decided ?course))))

  (:action gatheringredients
    :parameters (?recipe ?course) ; Corrected by adding ?course to parameters
    :precondition (and (recipe-selected ?course ?recipe)
                       (ingredients-known ?recipe))
    :effect (ingredients-gathered ?recipe))

  (:action cook
    :parameters (?recipe ?course)
    :precondition (and (recipe-selected ?course ?recipe)
                       (ingredients-gathered ?recipe)
                       (correct-time-for ?course))
    :effect (course-ready ?course))
)
