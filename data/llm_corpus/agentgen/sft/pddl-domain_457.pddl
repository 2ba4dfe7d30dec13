(define (domain raymarching-tutorial)
  (:requirements :strips)
  (:predicates
    (understands-concept ?person)
    (has-programming-basics ?person)
    (object-defined ?object)
    (algorithm-implemented)
    (scene-rendered))

  (:action define-object
    :parameters (?person ?object)
    :precondition (and (understands-concept ?person))
    :effect (and (object-defined ?object)))

  (:action implement-algorithm
    :parameters (?person)
    :precondition (and (has-programming-basics ?person))
    :effect (and (algorithm-implemented)))

  (:action render-image
    :parameters (?person ?object)
    :precondition (and (algorithm-implemented) (object-defined ?object))
    :effect (and (scene-rendered)))
)
