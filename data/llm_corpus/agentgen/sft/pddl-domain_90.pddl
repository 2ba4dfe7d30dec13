(define (domain database-file-storage-optimization)
  (:requirements :strips)
  (:predicates
    (equipped-setting ?s)
    (has-extensive-experience ?p)
    (registered-audience ?a)
    (prepared-for-technical ?s)
    (has-practical-experience ?i)
    (has-basic-knowledge ?p)
    (supports-hands-on ?s)
    (professional-experience ?e)
    (prepared-questions ?d)
    (interactive-participation ?s)
    (understands-tradeoffs ?a)
    (gained-insights ?a)
    (learned-through-practice ?p)
    (received-personalized-advice ?d)
  )

  (:action conduct-training-session
    :parameters (?session ?topic ?audience ?setting)
    :precondition (and (equipped-setting ?setting))
    :effect (and (understands-tradeoffs ?audience))
  )

  (:action deliver-technical-presentation
    :parameters (?presenter ?subject ?audience ?setting)
    :precondition (and (has-extensive-experience ?presenter)
                       (registered-audience ?audience)
                       (prepared-for-technical ?setting))
    :effect (and (gained-insights ?audience))
  )

  (:action host-workshop
    :parameters (?topic ?instructors ?participants ?setting)
    :precondition (and (has-practical-experience ?instructors)
                       (has-basic-knowledge ?participants)
                       (supports-hands-on ?setting))
    :effect (and (learned-through-practice ?participants))
  )

  (:action organize-q-and-a-session
    :parameters (?topic ?experts ?developers ?setting)
    :precondition (and (professional-experience ?experts)
                       (prepared-questions ?developers)
                       (interactive-participation ?setting))
    :effect (and (received-personalized-advice ?developers))
  )
)
