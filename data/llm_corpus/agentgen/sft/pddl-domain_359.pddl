(define (domain culinary-skills)
  (:requirements :strips :typing)
  (:types egg pan pot ingredient - object
          doneness style perfection filling - object)

  (:predicates
    (has-egg ?e - egg)
    (has-pan ?p - pan)
    (has-pot ?po - pot)
    (boiling-water)
    (simmering-water)
    (has-oil-or-butter ?p - pan)
    (beaten ?e - egg)
    (has-timer)
    (has-heat-source ?p - pan)
    (has-vinegar ?po - pot)
    (has-filling ?f - filling)
    (cooked-to ?e - egg ?d - doneness)
    (fried-to ?e - egg ?s - style)
    (scrambled-with ?e - egg ?i - ingredient)
    (poached-to ?e - egg ?p - perfection)
    (omelette-made-with ?e - egg ?f - filling)
  )

  (:action boil
    :parameters (?e - egg ?d - doneness)
    :precondition (and (has-egg ?e) (boiling-water) (has-timer))
    :effect (cooked-to ?e ?d)
  )

  (:action fry
    :parameters (?e - egg ?s - style ?p - pan)
    :precondition (and (has-egg ?e) (has-pan ?p) (has-oil-or-butter ?p) (has-heat-source ?p))
    :effect (fried-to ?e ?s)
  )

  (:action scramble
    :parameters (?e - egg ?i - ingredient ?p - pan)
    :precondition (and (has-egg ?e) (beaten ?e) (has-pan ?p) (has-oil-or-butter ?p))
    :effect (scrambled-with ?e ?i)
  )

  (:action poach
    :parameters (?e - egg ?p - perfection ?po - pot)
    :precondition (and (has-egg ?e) (has-pot ?po) (simmering-water) (has-vinegar ?po))
    :effect (poached-to ?e ?p)
  )

  (:action make_omelette
    :parameters (?e - egg ?f - filling ?p - pan)
    :precondition (and (has-egg ?e) (beaten ?e) (has-pan ?p) (has-filling ?f))
    :effect (omelette-made-with ?e ?f)
  )
)
