(define (domain raspberry-pi-mounting)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    RaspberryPiImage FilesystemType MountPoint Modifications ToolUsage ModificationProcedures ; Ensure all types are declared
  )
  (:predicates
    (access ?img - RaspberryPiImage)
    (identified ?img - RaspberryPiImage ?fs - FilesystemType)
    (permission-to-mount)
    (mounted ?img - RaspberryPiImage ?mp - MountPoint)
    (modified ?img - RaspberryPiImage)
    (tool-developed)
    (documentation-ready)
  )

  (:action identify
    :parameters (?img - RaspberryPiImage ?fs - FilesystemType)
    :precondition (access ?img)
    :effect (identified ?img ?fs)
  )

  (:action mount
    :parameters (?img - RaspberryPiImage ?fs - FilesystemType ?mp - MountPoint)
    :precondition (and (identified ?img ?fs) (permission-to-mount))
    :effect (mounted ?img ?mp)
  )

  (:action modify
    :parameters (?img - RaspberryPiImage ?mp - MountPoint) ; Corrected to include ?mp parameter
    :precondition (mounted ?img ?mp)
    :effect (modified ?img)
  )

  (:action document
    :parameters (?usage - ToolUsage ?proc - ModificationProcedures)
    :precondition (tool-developed)
    :effect (documentation-ready)
  )
)
