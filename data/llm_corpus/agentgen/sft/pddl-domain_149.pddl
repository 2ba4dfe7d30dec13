(define (domain sleepover-party)
  (:requirements :strips)
  (:predicates
    (guest-list-finalized)
    (plan-tailored)
    (activities-selected)
    (safety-measures-implemented)
    (sleeping-arrangements-organized)
    (food-and-drinks-prepared)
    (schedule-flexible)
    (well-being-considered)
    (interests-catered)
    (guests-feel-welcome)
    (dietary-needs-met)
    (communication-plan-set)
    (event-inclusive)
    (challenges-addressed)
    (feedback-mechanisms-in-place)
    (educational-elements-included)
  )

  (:action assess-guest-list
    :parameters ()
    :precondition (guest-list-finalized)
    :effect (and (plan-tailored) (well-being-considered) (interests-catered))
  )

  (:action plan-age-appropriate-activities
    :parameters ()
    :precondition (plan-tailored)
    :effect (and (activities-selected) (event-inclusive))
  )

  (:action ensure-safety-and-comfort
    :parameters ()
    :precondition (plan-tailored)
    :effect (and (safety-measures-implemented) (guests-feel-welcome))
  )

  (:action arrange-sleeping-arrangements
    :parameters ()
    :precondition (plan-tailored)
    :effect (sleeping-arrangements-organized)
  )

  (:action provide-suitable-food-and-drinks
    :parameters ()
    :precondition (plan-tailored)
    :effect (and (food-and-drinks-prepared) (dietary-needs-met))
  )

  (:action create-flexible-schedule
    :parameters ()
    :precondition (plan-tailored)
    :effect (schedule-flexible)
  )

  (:action communicate-event-details
    :parameters ()
    :precondition (and (plan-tailored) (activities-selected) (safety-measures-implemented) (sleeping-arrangements-organized) (food-and-drinks-prepared) (schedule-flexible))
    :effect (communication-plan-set)
  )

  (:action address-challenges
    :parameters ()
    :precondition (and (safety-measures-implemented) (challenges-addressed))
    :effect (and (guests-feel-welcome) (event-inclusive))
  )

  (:action gather-feedback
    :parameters ()
    :precondition (communication-plan-set)
    :effect (feedback-mechanisms-in-place)
  )

  (:action incorporate-educational-elements
    :parameters ()
    :precondition (activities-selected)
    :effect (educational-elements-included)
  )
)
