(define (domain earthquake-survival)
  (:requirements :strips :typing)
  (:types
    furniture wall emergency-kit earthquake-drill household safe-spots home communication-plan family
  )
  (:predicates
    (not-secured ?f - furniture)
    (emergency-kit-not-prepared)
    (household-not-familiar)
    (safe-spots-not-identified)
    (communication-plan-not-exists)
  )

  (:action secure
    :parameters (?f - furniture ?w - wall)
    :precondition (not-secured ?f)
    :effect (and (not (not-secured ?f)))
  )

  (:action prepare
    :parameters (?ek - emergency-kit)
    :precondition (emergency-kit-not-prepared)
    :effect (and (not (emergency-kit-not-prepared)))
  )

  (:action conduct
    :parameters (?ed - earthquake-drill ?hh - household)
    :precondition (household-not-familiar)
    :effect (and (not (household-not-familiar)))
  )

  (:action identify
    :parameters (?ss - safe-spots ?h - home)
    :precondition (safe-spots-not-identified)
    :effect (and (not (safe-spots-not-identified)))
  )

  (:action create
    :parameters (?cp - communication-plan ?f - family)
    :precondition (communication-plan-not-exists)
    :effect (and (not (communication-plan-not-exists)))
  )
)
