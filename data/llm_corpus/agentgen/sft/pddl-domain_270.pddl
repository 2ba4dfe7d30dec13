(define (domain societal-change)
  (:requirements :strips)
  (:predicates
    (access-to-research)
    (understands-sustainable-development)
    (has-educational-materials)
    (has-partnerships)
    (identified-practices ?practices)
    (programs-developed ?programs)
    (public-aware ?campaigns))

  (:action analyze
    :parameters (?practices)
    :precondition (access-to-research)
    :effect (identified-practices ?practices))

  (:action develop
    :parameters (?programs ?practices)
    :precondition (and (understands-sustainable-development) 
                       (identified-practices ?practices))
    :effect (programs-developed ?programs))

  (:action educate
    :parameters (?campaigns ?practices)
    :precondition (and (has-educational-materials) 
                       (has-partnerships) 
                       (programs-developed ?practices))
    :effect (public-aware ?campaigns))
)
