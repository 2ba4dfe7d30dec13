(define (domain solomons-temple)
  (:requirements :strips)
  (:predicates
    (identified-object ?obj)
    (researching-tools ?tools)
    (recognized-discrepancy ?approx ?true)
    (understands-circumference-diameter)
    (explored-historical-context ?obj ?tools)
    (explored-math-implications ?approx ?true ?impact)
  )

  (:action researchhistoricalcontext
    :parameters (?obj ?tools)
    :precondition (and (identified-object ?obj) (researching-tools ?tools))
    :effect (explored-historical-context ?obj ?tools)
  )

  (:action analyzemathimplications
    :parameters (?approx ?true ?impact)
    :precondition (and (recognized-discrepancy ?approx ?true) (understands-circumference-diameter))
    :effect (explored-math-implications ?approx ?true ?impact)
  )
)
