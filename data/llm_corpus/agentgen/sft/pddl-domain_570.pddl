(define (domain pet-training)
  (:requirements :strips :typing)
  (:types
    scratching_post
    cat
    furniture
  )
  (:predicates
    (available ?sp - scratching_post)
    (introduced ?sp - scratching_post ?c - cat)
    (has-catnip ?sp - scratching_post)
    (near-furniture ?sp - scratching_post)
    (scratched ?f - furniture)
    (less-appealing ?f - furniture)
    (uses ?c - cat ?sp - scratching_post)
  )

  (:action introduce
    :parameters (?sp - scratching_post ?c - cat)
    :precondition (and (available ?sp) (not (introduced ?sp ?c)))
    :effect (and (introduced ?sp ?c)
                 (not (available ?sp))))

  (:action apply-catnip
    :parameters (?sp - scratching_post)
    :precondition (available ?sp)
    :effect (has-catnip ?sp))

  (:action place-near-furniture
    :parameters (?sp - scratching_post ?f - furniture)
    :precondition (and (has-catnip ?sp) (not (near-furniture ?sp)))
    :effect (near-furniture ?sp))

  (:action use-deterrent
    :parameters (?f - furniture)
    :precondition (scratched ?f)
    :effect (less-appealing ?f))

  (:action reward-cat
    :parameters (?c - cat ?sp - scratching_post)
    :precondition (uses ?c ?sp)
    :effect (and (not (uses ?c ?sp))))
)
