(define (domain educational-campaign)
  (:requirements :strips :typing)
  (:types object) ; Assuming all entities are of a generic 'object' type for simplicity.
  (:predicates
    (has_access_to_sources)
    (terms_identified ?terms - object)
    (countries_identified ?countries - object)
    (research_completed)
    (materials_ready)
    (experts_agreed ?experts - object)
    (venues_secured ?venues - object)
    (public_talks_scheduled)
    (social_media_ready)
  )

  (:action research_historical_context
    :parameters (?term - object)
    :precondition (has_access_to_sources)
    :effect (research_completed)
  )

  (:action compare_translation_practices
    :parameters (?terms - object ?countries - object)
    :precondition (and (terms_identified ?terms) (countries_identified ?countries))
    :effect (research_completed)
  )

  (:action develop_educational_materials
    :parameters (?findings - object)
    :precondition (research_completed)
    :effect (materials_ready)
  )

  (:action organize_public_talks
    :parameters (?experts - object ?venues - object)
    :precondition (and (experts_agreed ?experts) (venues_secured ?venues))
    :effect (public_talks_scheduled)
  )

  (:action launch_social_media_campaign
    :parameters (?educational_materials - object)
    :precondition (and (materials_ready) (public_talks_scheduled))
    :effect (social_media_ready)
  )
)
