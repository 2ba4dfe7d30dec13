(define (domain retail-store)
  (:requirements :strips)
  (:predicates
    (dept-specializes ?d)
    (sale-or-new-arrivals ?d)
    (in-dept ?d)
    (same-floor ?d1 ?d2)
    (no-sale ?d)
    (primary-focus ?d)
    (customer-interest ?d)
    (more-suitable-dept ?d)
    (customer-satisfaction ?d)
    (customer-awareness ?d)
  )

  (:action assist
    :parameters (?from_dept ?to_dept)
    :precondition (and (dept-specializes ?to_dept) (in-dept ?from_dept) (same-floor ?from_dept ?to_dept) (no-sale ?from_dept) (not (more-suitable-dept ?to_dept)))
    :effect (and (customer-satisfaction ?to_dept) (not (in-dept ?from_dept)) (in-dept ?to_dept))
  )

  (:action promote
    :parameters (?dept)
    :precondition (and (sale-or-new-arrivals ?dept) (in-dept ?dept) (primary-focus ?dept))
    :effect (and (customer-awareness ?dept))
  )
)
