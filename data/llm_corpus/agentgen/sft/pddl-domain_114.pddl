(define (domain bridal-lingerie-recommendation)
  (:requirements :strips)
  (:predicates
    (willing-to-provide-preferences)
    (preferences-gathered)
    (wedding-dress-details-known)
    (lingerie-options-analyzed)
    (recommendations-curated)
    (recommendations-provided)
  )

  (:action gatherPreferences
    :parameters (?bridePreferences)
    :precondition (willing-to-provide-preferences)
    :effect (and (preferences-gathered)
                 (not (willing-to-provide-preferences)))
  )

  (:action analyzeWeddingDress
    :parameters (?weddingDressDetails)
    :precondition (and (preferences-gathered)
                       (not (lingerie-options-analyzed)))
    :effect (and (wedding-dress-details-known)
                 (not (preferences-gathered)))
  )

  (:action matchLingerieOptions
    :parameters (?bridePreferences ?weddingDressDetails)
    :precondition (and (wedding-dress-details-known)
                       (not (recommendations-curated)))
    :effect (and (lingerie-options-analyzed)
                 (not (wedding-dress-details-known)))
  )

  (:action provideRecommendations
    :parameters (?curatedList)
    :precondition (and (lingerie-options-analyzed)
                       (not (recommendations-provided)))
    :effect (and (recommendations-curated)
                 (recommendations-provided)
                 (not (lingerie-options-analyzed)))
  )
)
