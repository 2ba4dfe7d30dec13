(define (domain moon-myth)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    hero ; Defined hero as a type
  )
  (:predicates
    (chosen ?h - hero)
    (wise ?h - hero)
    (brave ?h - hero)
    (divine-favor-granted)
    (magical-chariot-ready)
    (celestial-sea-navigated)
    (realm-of-moon-reached)
  )

  (:action seek-divine-favor
    :parameters (?h - hero)
    :precondition (and (chosen ?h) (wise ?h) (brave ?h))
    :effect (and (divine-favor-granted) (magical-chariot-ready))
  )

  (:action navigate-celestial-sea
    :parameters (?h - hero)
    :precondition (and (divine-favor-granted) (magical-chariot-ready))
    :effect (and (celestial-sea-navigated) (realm-of-moon-reached))
  )
)
