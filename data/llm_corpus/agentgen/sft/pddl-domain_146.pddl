(define (domain futuristic-whaling)
  (:requirements :strips)
  (:predicates
    (vessel-designed)
    (conservation-plan-created)
    (understands-moby-dick))

  (:action design-a-vessel
    :parameters ()
    :precondition (and)
    :effect (vessel-designed))

  (:action create-a-conservation-plan
    :parameters ()
    :precondition (and (vessel-designed) (understands-moby-dick))
    :effect (conservation-plan-created))
)
