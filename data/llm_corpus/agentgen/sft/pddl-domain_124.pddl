(define (domain emotional-support)
  (:requirements :strips :typing)
  (:types
    individual experiences emotionalState relationshipNature emotions relationshipDetails analysisResults
  )
  (:predicates
    (feels-unloved ?i - individual)
    (information-gathered ?i - individual)
    (situation-analyzed ?i - individual)
    (support-offered ?i - individual)
  )

  (:action gatherInformation
    :parameters (?i - individual ?e - experiences ?es - emotionalState ?rn - relationshipNature)
    :precondition (feels-unloved ?i)
    :effect (and (information-gathered ?i)
                 (not (feels-unloved ?i)))
  )

  (:action analyzeSituation
    :parameters (?i - individual ?ex - experiences ?em - emotions ?rd - relationshipDetails)
    :precondition (information-gathered ?i)
    :effect (and (situation-analyzed ?i)
                 (not (information-gathered ?i)))
  )

  (:action offerSupport
    :parameters (?i - individual ?ar - analysisResults)
    :precondition (situation-analyzed ?i)
    :effect (and (support-offered ?i)
                 (not (situation-analyzed ?i)))
  )
)
