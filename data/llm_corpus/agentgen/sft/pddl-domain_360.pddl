(define (domain alternate-history)
  (:requirements :strips)
  (:predicates
    (understands-historical-context ?character)
    (has-background ?character ?background)
    (has-personality ?character)
    (affected-by-democratization ?character)
    (contributes-to-liberalization ?character)
    (has-new-purpose ?character)
    (seizing-opportunities ?character)
    (advocating-reforms ?character)
    (experiencing-economic-changes ?character)
    (exploring-freedoms ?character)
    (providing-perspective ?character)
    (dealing-with-transition ?character)
    (coming-to-terms ?character)
  )

  (:action design-red-army-soldier
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (has-new-purpose ?character)
                 (affected-by-democratization ?character)))

  (:action design-ambitious-politician
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (seizing-opportunities ?character)
                 (contributes-to-liberalization ?character)))

  (:action design-young-student
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (advocating-reforms ?character)
                 (affected-by-democratization ?character)))

  (:action design-factory-worker
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (experiencing-economic-changes ?character)
                 (affected-by-democratization ?character)))

  (:action design-intelligentsia-member
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (exploring-freedoms ?character)
                 (contributes-to-liberalization ?character)))

  (:action design-foreign-diplomat
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (providing-perspective ?character)
                 (affected-by-democratization ?character)))

  (:action design-farmer
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (dealing-with-transition ?character)
                 (affected-by-democratization ?character)))

  (:action design-underground-dissident
    :parameters (?character)
    :precondition (and (understands-historical-context ?character))
    :effect (and (coming-to-terms ?character)
                 (contributes-to-liberalization ?character)))
)
