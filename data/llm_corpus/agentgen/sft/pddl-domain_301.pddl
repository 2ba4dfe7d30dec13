(define (domain hero-adventure)
  (:requirements :strips)
  (:predicates
    (received-holy-sword)
    (assessed-sword)
    (review-written)
    (trained-in-sword)
    (role-recognized)
    (communicated-with-company)
    (issue-understood)
    (resolution-desired)
  )

  (:action write-review
    :parameters (?review - object ?platform - object)
    :precondition (and (received-holy-sword) (assessed-sword))
    :effect (and (review-written)))

  (:action train
    :parameters (?self - object ?sword-usage - object)
    :precondition (and (received-holy-sword) (role-recognized))
    :effect (and (trained-in-sword)))

  (:action communicate
    :parameters (?company - object ?issue-resolution - object)
    :precondition (and (review-written) (issue-understood) (resolution-desired))
    :effect (and (communicated-with-company)))
)
