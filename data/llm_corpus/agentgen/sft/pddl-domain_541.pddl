(define (domain dungeon-raid)
  (:requirements :strips)
  (:predicates
    (within-reach ?target)
    (weapon-ready ?weapon)
    (main-hand-attack-made)
    (path-clear ?target)
    (at-position ?target)
    (difficult-terrain ?target)
    (extra-attack-available)
  )

  (:action attack-with-main-hand
    :parameters (?target ?weapon)
    :precondition (and (within-reach ?target) (weapon-ready ?weapon))
    :effect (and (main-hand-attack-made)
                 ; Assuming damage effect is handled outside PDDL as success of attack roll is probabilistic
    )
  )

  (:action attack-with-off-hand
    :parameters (?target ?weapon)
    :precondition (and (main-hand-attack-made) (within-reach ?target) (weapon-ready ?weapon))
    :effect (and 
             ; Assuming damage effect is handled outside PDDL as success of attack roll is probabilistic
             ; Not adding ability modifier to damage roll unless Two-Weapon Fighting style is chosen, handled outside PDDL
    )
  )

  (:action move-to-target
    :parameters (?distance ?target)
    :precondition (and (path-clear ?target))
    :effect (and (at-position ?target)
                 ; Assuming movement speed and difficult terrain handling is outside PDDL
    )
  )

  (:action extra-attack
    :parameters (?target ?weapon)
    :precondition (and (extra-attack-available) (within-reach ?target) (weapon-ready ?weapon))
    :effect (and 
             ; Assuming damage effect is handled outside PDDL as success of attack roll is probabilistic
    )
  )
)
