(define (domain healthy-recipe-book)
  (:requirements :strips)
  (:predicates
    (in-office ?nutritionist)
    (in-kitchen ?nutritionist)
    (researched-peanut-butter ?nutritionist)
    (has-recipe-draft ?nutritionist ?recipe)
    (has-tested-recipe ?nutritionist ?recipe)
    (computer-charged)
    (has-ingredients ?recipe)
  )

  (:action research_ingredient
    :parameters (?nutritionist ?ingredient)
    :precondition (and (in-office ?nutritionist))
    :effect (and (researched-peanut-butter ?nutritionist))
  )

  (:action develop_recipe
    :parameters (?nutritionist ?ingredient)
    :precondition (and (researched-peanut-butter ?nutritionist) (computer-charged))
    :effect (and (has-recipe-draft ?nutritionist ?ingredient) (not (computer-charged)))
  )

  (:action test_recipe
    :parameters (?nutritionist ?recipe)
    :precondition (and (in-kitchen ?nutritionist) (has-recipe-draft ?nutritionist ?recipe) (has-ingredients ?recipe))
    :effect (and (has-tested-recipe ?nutritionist ?recipe))
  )

  (:action finalize_recipe
    :parameters (?nutritionist ?tested_recipe)
    :precondition (and (has-tested-recipe ?nutritionist ?tested_recipe) (computer-charged))
    :effect (and (not (computer-charged)) (not (has-tested-recipe ?nutritionist ?tested_recipe)))
  )
)
