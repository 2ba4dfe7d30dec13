(define (domain virtual-interaction)
  (:requirements :strips)
  (:types character trait preference)
  (:predicates
    (introduced ?c - character)
    (trait-identified ?c - character ?t - trait)
    (preference-identified ?c - character ?p - preference)
    (expressed-understanding ?c - character ?t - trait)
    (interaction-adapted ?c - character ?p - preference)
  )

  (:action identifyTraits
    :parameters (?c - character)
    :precondition (introduced ?c)
    :effect (and
              (forall (?t - trait) (trait-identified ?c ?t))
              (forall (?p - preference) (preference-identified ?c ?p))
            )
  )

  (:action expressUnderstanding
    :parameters (?c - character ?t - trait)
    :precondition (trait-identified ?c ?t)
    :effect (expressed-understanding ?c ?t)
  )

  (:action adaptInteraction
    :parameters (?c - character ?p - preference)
    :precondition (preference-identified ?c ?p)
    :effect (interaction-adapted ?c ?p)
  )
)
