(define (domain space_communication)
  (:requirements :strips)
  (:types team_member device_component signal - object)

  (:predicates 
    (signal-received ?s - signal)
    (signal-recorded ?s - signal)
    (signal-analyzed ?s - signal)
    (instructions-decoded ?s - signal)
    (components-gathered ?dc - device_component)
    (device-built ?dc - device_component)
    (communication-established)
    (first-contact-initiated)
  )

  (:action analyzeSignal
    :parameters (?tm - team_member ?s - signal)
    :precondition (and (signal-received ?s) (signal-recorded ?s))
    :effect (and (signal-analyzed ?s))
  )

  (:action buildCommunicationDevice
    :parameters (?tm - team_member ?dc - device_component ?s - signal)
    :precondition (and (instructions-decoded ?s) (components-gathered ?dc))
    :effect (and (device-built ?dc))
  )

  (:action initiateFirstContact
    :parameters (?tm - team_member ?dc - device_component)
    :precondition (device-built ?dc)
    :effect (and (communication-established) (first-contact-initiated))
  )
)
