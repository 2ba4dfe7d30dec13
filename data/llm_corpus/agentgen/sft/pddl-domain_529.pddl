(define (domain sprained-ankle-recovery)
  (:requirements :strips)
  (:predicates (medically-sound ?advice)
               (psychologically-beneficial ?strategy)
               (physical-recovery-aided)
               (mental-resilience-enhanced))

  (:action provideTip
    :parameters (?advice)
    :precondition (medically-sound ?advice)
    :effect (physical-recovery-aided))

  (:action suggestSupport
    :parameters (?strategy)
    :precondition (psychologically-beneficial ?strategy)
    :effect (mental-resilience-enhanced))
)
