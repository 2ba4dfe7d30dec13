(define (domain typescript-json-tutorial)
  (:requirements :strips)
  (:predicates
    (json-object-available)
    (understood-json-structure)
    (typescript-interface-defined)
    (typescript-object-created)
  )

  (:action parse
    :parameters (?json)
    :precondition (json-object-available)
    :effect (and (understood-json-structure)
                 (not (json-object-available)))
  )

  (:action define
    :parameters (?interface)
    :precondition (understood-json-structure)
    :effect (and (typescript-interface-defined)
                 (not (understood-json-structure)))
  )

  (:action convert
    :parameters (?json ?interface ?tsobject)
    :precondition (and (json-object-available) (typescript-interface-defined))
    :effect (and (typescript-object-created)
                 (not (json-object-available))
                 (not (typescript-interface-defined)))
  )
)
