(define (domain olympic-election-visualization)
  (:requirements :strips :typing)
  (:types election visualization year userinterface features feedback)
  (:predicates
    (has-data ?e - election)
    (ui-designed ?v - visualization)
    (features-implemented ?v - visualization)
    (feedback-analyzed ?v - visualization)
    (has-access-to-records)
    (understands-ux)
    (software-tools-available)
    (feedback-mechanisms-established)
  )

  (:action extract
    :parameters (?e - election ?y - year)
    :precondition (has-access-to-records)
    :effect (has-data ?e)
  )

  (:action design
    :parameters (?v - visualization ?ui - userinterface ?e - election)
    :precondition (and (understands-ux) (has-data ?e))
    :effect (ui-designed ?v)
  )

  (:action implement
    :parameters (?v - visualization ?f - features)
    :precondition (and (ui-designed ?v) (software-tools-available))
    :effect (features-implemented ?v)
  )

  (:action evaluate
    :parameters (?f - feedback ?v - visualization)
    :precondition (and (features-implemented ?v) (feedback-mechanisms-established))
    :effect (feedback-analyzed ?v)
  )
)
