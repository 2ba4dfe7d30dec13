(define (domain darkroom-management)
  (:requirements :strips)
  (:types darkroom-state material-type light-source darkroom-settings effect-on-material)

  (:predicates
    (darkroom-ready ?drs - darkroom-state)
    (material-identified ?mt - material-type)
    (light-source-selected ?ls - light-source)
    (settings-adjusted ?ds - darkroom-settings)
    (safe-for-material ?ls - light-source ?mt - material-type)
    (optimal-environment ?eo - effect-on-material)
  )

  (:action selectlightsource
    :parameters (?drs - darkroom-state ?mt - material-type ?ls - light-source)
    :precondition (and (darkroom-ready ?drs) (material-identified ?mt))
    :effect (and (light-source-selected ?ls) (safe-for-material ?ls ?mt))
  )

  (:action adjustsettings
    :parameters (?ls - light-source ?ds - darkroom-settings ?eo - effect-on-material ?mt - material-type)
    :precondition (and (light-source-selected ?ls) (safe-for-material ?ls ?mt))
    :effect (and (settings-adjusted ?ds) (optimal-environment ?eo))
  )
)
