(define (domain sql-practices)
  (:requirements :strips :typing) ; Added :typing to requirements to ensure types are supported
  (:types practice aspect solution benefit) ; Explicitly declaring types to avoid any confusion
  (:predicates
    (identified-practice ?p - practice)
    (explored ?aspect - aspect)
    (recognized-issues ?p - practice)
    (explored-method ?method - solution)
  )

  (:action researchImpact
    :parameters (?p - practice ?aspect - aspect)
    :precondition (identified-practice ?p)
    :effect (explored ?aspect)
  )

  (:action evaluateAlternatives
    :parameters (?p - practice ?solution - solution ?benefit - benefit)
    :precondition (and (recognized-issues ?p) (not (explored-method ?solution)))
    :effect (explored-method ?solution)
  )
)
