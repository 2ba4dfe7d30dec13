(define (domain software-development)
  (:requirements :strips)
  (:predicates
    (feature-exists ?f)
    (features-related ?f1 ?f2)
    (feature-updated ?f ?d))

  (:action create
    :parameters (?f ?s)
    :precondition (not (feature-exists ?f))
    :effect (and (feature-exists ?f)))

  (:action update
    :parameters (?f ?d)
    :precondition (feature-exists ?f)
    :effect (and (feature-updated ?f ?d)))

  (:action associate
    :parameters (?f1 ?f2)
    :precondition (and (feature-exists ?f1) (feature-exists ?f2) (not (features-related ?f1 ?f2)))
    :effect (and (features-related ?f1 ?f2) (features-related ?f2 ?f1)))
)
