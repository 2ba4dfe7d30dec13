(define (domain library-management)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types developer ide reflection system) ; Assuming basic types without hierarchy
  (:predicates
    (access-to-ide ?dev - developer)
    (access-to-reflection-libraries ?dev - developer)
    (reflection-implemented ?dev - developer)
    (media-interface-created ?dev - developer)
    (new-media-type-added ?dev - developer)
    (system-tested ?dev - developer ?sys - system)
  )

  (:action implement_reflection
    :parameters (?ide - ide ?dev - developer)
    :precondition (and (access-to-ide ?dev) (access-to-reflection-libraries ?dev))
    :effect (reflection-implemented ?dev)
  )

  (:action create_media_interface
    :parameters (?ide - ide ?dev - developer)
    :precondition (access-to-ide ?dev)
    :effect (media-interface-created ?dev)
  )

  (:action add_new_media_type
    :parameters (?ide - ide ?refl - reflection ?dev - developer)
    :precondition (and (reflection-implemented ?dev) (media-interface-created ?dev))
    :effect (new-media-type-added ?dev)
  )

  (:action test_media_addition
    :parameters (?ide - ide ?sys - system ?dev - developer)
    :precondition (and (new-media-type-added ?dev))
    :effect (system-tested ?dev ?sys)
  )
)
