(define (domain emotional-intelligence)
  (:requirements :strips :typing)
  (:types
    object ; Assuming 'object' is a placeholder for actual types, it should be defined or replaced with specific types.
  )
  (:predicates
    (database-of-advice)
    (advice-identified ?advice - object ?context - object)
    (tone-and-emotion-assessed ?tone - object ?emotion - object)
    (response-ready ?strategy - object)
    (natural-language-processing-capable)
    (emotional-cues-detected)
    (communication-strategy-understood)
  )

  (:action identify
    :parameters (?advice - object ?context - object)
    :precondition (database-of-advice)
    :effect (advice-identified ?advice ?context)
  )

  (:action assess
    :parameters (?tone - object ?emotion - object)
    :precondition (and (natural-language-processing-capable) (emotional-cues-detected))
    :effect (tone-and-emotion-assessed ?tone ?emotion)
  )

  (:action respond
    :parameters (?strategy - object ?tone - object ?emotion - object)
    :precondition (and (communication-strategy-understood) (tone-and-emotion-assessed ?tone ?emotion))
    :effect (response-ready ?strategy)
  )
)
