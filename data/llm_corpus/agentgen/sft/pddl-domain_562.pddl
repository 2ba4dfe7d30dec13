(define (domain utility-script)
  (:requirements :strips)
  (:predicates
    (access-to-std-libraries)
    (script-location-identified ?script)
    (relative-path-known ?path)
    (absolute-path-resolved ?path)
    (template-files-known ?files)
    (target-directory-accessible ?dir)
    (files-copied ?files ?dir)
  )

  (:action identify
    :parameters (?script ?path)
    :precondition (access-to-std-libraries)
    :effect (and (script-location-identified ?script)
                 (relative-path-known ?path))
  )

  (:action resolve
    :parameters (?path ?absPath)
    :precondition (and (script-location-identified ?path)
                       (relative-path-known ?path))
    :effect (absolute-path-resolved ?absPath)
  )

  (:action copy
    :parameters (?files ?dir)
    :precondition (and (absolute-path-resolved ?files)
                       (target-directory-accessible ?dir))
    :effect (files-copied ?files ?dir)
  )
)
