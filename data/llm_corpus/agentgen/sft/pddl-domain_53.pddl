(define (domain it-support-ipod)
  (:requirements :strips :typing)
  (:types
    device_model
    iOS_version
    App_Store
    search_and_download
    app_organization
    storage_optimization
  )
  (:predicates
    (access-to-ipod)
    (basic-navigation-skills)
    (internet-connection)
    (apple-id-active)
    (interface-understood)
    (settings-understood)
    (advice-tailored ?device - device_model ?ios - iOS_version)
    (apps-acquired)
    (device-organized)
    (device-optimized)
  )

  (:action identify
    :parameters (?device - device_model ?ios - iOS_version)
    :precondition (and (access-to-ipod) (basic-navigation-skills))
    :effect (advice-tailored ?device ?ios)
  )

  (:action navigate
    :parameters (?appstore - App_Store ?searchdownload - search_and_download)
    :precondition (and (internet-connection) (apple-id-active))
    :effect (apps-acquired)
  )

  (:action manage
    :parameters (?apporg - app_organization ?storageopt - storage_optimization)
    :precondition (and (interface-understood) (settings-understood))
    :effect (and (device-organized) (device-optimized))
  )
)
