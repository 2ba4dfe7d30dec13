(define (domain youtube-video-downloader)
  (:requirements :strips)
  (:predicates
    (basic-api-knowledge)
    (researched-youtube-api)
    (identified-downloading-library)
    (implemented-download-feature)
    (tested-program-functionality)
    (complies-with-youtube-tos) ; YouTube Terms of Service compliance
    (user-instructions-provided)
  )

  (:action research
    :parameters (?api)
    :precondition (basic-api-knowledge)
    :effect (and (researched-youtube-api)
                 (complies-with-youtube-tos)
    )
  )

  (:action identify
    :parameters (?library)
    :precondition (researched-youtube-api)
    :effect (and (identified-downloading-library)
                 (complies-with-youtube-tos)
    )
  )

  (:action implement
    :parameters (?feature)
    :precondition (identified-downloading-library)
    :effect (and (implemented-download-feature)
                 (user-instructions-provided)
    )
  )

  (:action test
    :parameters (?functionality)
    :precondition (implemented-download-feature)
    :effect (and (tested-program-functionality)
                 (complies-with-youtube-tos)
    )
  )
)
