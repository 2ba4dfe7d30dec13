(define (domain narrative-expansion)
  (:requirements :strips)
  (:predicates
    (current-narrative ?n)
    (character-trait ?c ?t) ; ?c for character, ?t for trait (e.g., introverted, adventurous)
    (potential-twist ?twist)
    (direction-chosen ?dir)
    (suitable-literary-device ?dir ?device)
    (narrative-enriched)
  )

  (:action chooseplotdirection
    :parameters (?n ?c ?t ?twist ?dir) ; Added ?t to the parameters
    :precondition (and (current-narrative ?n) (character-trait ?c ?t) (potential-twist ?twist))
    :effect (and (direction-chosen ?dir)
                 (not (current-narrative ?n)))
  )

  (:action employliterarydevice
    :parameters (?dir ?device) ; Removed ?effect as it is not used
    :precondition (and (direction-chosen ?dir) (suitable-literary-device ?dir ?device))
    :effect (and (narrative-enriched)
                 (not (direction-chosen ?dir)))
  )
)
