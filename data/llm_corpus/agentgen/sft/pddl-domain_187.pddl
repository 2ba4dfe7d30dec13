(define (domain poker-training)
  (:requirements :strips)
  (:predicates 
    (has-cards ?player)
    (hand-identified ?player ?hand_type)
    (hand-declared ?player ?hand_type))

  (:action identifyHand
    :parameters (?player ?card_set ?hand_type)
    :precondition (has-cards ?player)
    :effect (and (hand-identified ?player ?hand_type)))

  (:action declareHand
    :parameters (?player ?hand_type)
    :precondition (hand-identified ?player ?hand_type)
    :effect (and (hand-declared ?player ?hand_type)))
)
