(define (domain environmental-campaign)
  (:requirements :strips)
  (:predicates
    (assessed-public-interest ?level)
    (assessed-media-saturation ?level)
    (assessed-message-urgency ?level)
    (message-tailored)
    (understands-target-audience)
    (knows-platform-effectiveness ?platform)
    (message-disseminated ?platform)
  )

  (:action adjustmessage
    :parameters (?publicInterest ?mediaSaturation ?messageUrgency)
    :precondition (and (assessed-public-interest ?publicInterest)
                       (assessed-media-saturation ?mediaSaturation)
                       (assessed-message-urgency ?messageUrgency))
    :effect (message-tailored)
  )

  (:action selectplatform
    :parameters (?message ?targetAudience ?platform)
    :precondition (and (message-tailored)
                       (understands-target-audience)
                       (knows-platform-effectiveness ?platform))
    :effect (message-disseminated ?platform)
  )
)
