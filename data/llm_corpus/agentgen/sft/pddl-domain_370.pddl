(define (domain fundamentalist-dialogue)
  (:requirements :strips)
  (:predicates
    (basic-understanding ?belief-system)
    (observed-without-bias)
    (identified-fundamentalist-traits ?individual)
    (prepared-for-dialogue ?individual)
    (need-for-awareness-activities ?community)
    (resources-available ?activities)
    (shift-in-perception ?community)
    (exchange-viewpoints ?outcome) ; Added missing predicate
  )

  (:action identifycharacteristics
    :parameters (?belief-system ?individual) ; Corrected parameter from ?traits to ?individual
    :precondition (and (basic-understanding ?belief-system) (observed-without-bias))
    :effect (identified-fundamentalist-traits ?individual))

  (:action engageconversation
    :parameters (?individual ?topic ?outcome)
    :precondition (and (identified-fundamentalist-traits ?individual) (prepared-for-dialogue ?individual))
    :effect (exchange-viewpoints ?outcome)) ; Now correctly refers to a defined predicate

  (:action promoteunderstanding
    :parameters (?community ?activities ?change)
    :precondition (and (need-for-awareness-activities ?community) (resources-available ?activities))
    :effect (shift-in-perception ?community))
)
