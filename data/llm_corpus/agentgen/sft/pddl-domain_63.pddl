(define (domain rpg-ethical-financial)
  (:requirements :strips)
  (:predicates
    (scenario-introduced)
    (decision-made ?d - decision)
    (informed-about-consequences ?d - decision)
    (reflects-on-values ?p - player)
    (aware-of-stakes)
    (understands-consequences)
    (learned-critical-thinking ?p - player)
  )

  (:types
    decision
    ethical-consideration
    financial-impact
    short-term-effect
    long-term-effect
    player
  )

  (:action makeDecision
    :parameters (?d - decision ?e - ethical-consideration ?f - financial-impact ?p - player)
    :precondition (and (scenario-introduced) (aware-of-stakes) (understands-consequences))
    :effect (and (decision-made ?d) (reflects-on-values ?p))
  )

  (:action evaluateConsequences
    :parameters (?d - decision ?ste - short-term-effect ?lte - long-term-effect ?p - player)
    :precondition (and (decision-made ?d) (informed-about-consequences ?d))
    :effect (and (learned-critical-thinking ?p))
  )
)
