(define (domain self-defense-training)
  (:requirements :strips)
  (:predicates
    (aggressive-attacker)
    (multiple-attackers)
    (confrontation-initiated)
    (threat-neutralized)
    (attackers-managed)
    (situation-assessed)
  )

  (:action apply_krav_maga_technique
    :parameters ()
    :precondition (aggressive-attacker)
    :effect (and (threat-neutralized)
                 (not (aggressive-attacker))))

  (:action employ_systema_method
    :parameters ()
    :precondition (multiple-attackers)
    :effect (and (attackers-managed)
                 (not (multiple-attackers))))

  (:action assess_situation
    :parameters ()
    :precondition (confrontation-initiated)
    :effect (and (situation-assessed)
                 (not (confrontation-initiated))))
)
