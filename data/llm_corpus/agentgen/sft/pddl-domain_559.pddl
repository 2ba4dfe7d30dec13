(define (domain food-delivery)
  (:requirements :strips)
  (:predicates
    (in-stock ?ingredient)
    (has-ingredient ?ingredient)
    (meal-prepared ?meal)
    (meal-delivered ?meal)
  )

  (:action source
    :parameters (?ingredient ?supplier)
    :precondition (in-stock ?ingredient)
    :effect (has-ingredient ?ingredient)
  )

  (:action prepare
    :parameters (?meal ?ingredient ?kitchen)
    :precondition (and 
                    (has-ingredient ?ingredient)
                    ; Additional conditions can be added here as necessary
                  )
    :effect (meal-prepared ?meal)
  )

  (:action deliver
    :parameters (?meal ?customer_location)
    :precondition (meal-prepared ?meal)
    :effect (and 
              (meal-delivered ?meal)
              (not (meal-prepared ?meal))
            )
  )
)
