(define (domain david-and-goliath-jojo)
  (:requirements :strips)
  (:predicates
    (faced-with-odds ?character)
    (has-plan ?character)
    (is-giant ?character)
    (is-hero ?character)
    (confrontation-ready ?hero ?giant)
    (battle-engaged)
    (victory ?character)
    (defeat ?character)
  )

  (:action strategize
    :parameters (?hero)
    :precondition (and (is-hero ?hero) (faced-with-odds ?hero))
    :effect (and (has-plan ?hero) 
                 (not (faced-with-odds ?hero))))

  (:action confront
    :parameters (?hero ?giant)
    :precondition (and (is-hero ?hero) (is-giant ?giant) (has-plan ?hero))
    :effect (and (confrontation-ready ?hero ?giant) 
                 (battle-engaged) 
                 (victory ?hero) 
                 (defeat ?giant)))
)
