(define (domain cannibal_story)
  (:requirements :strips)
  (:predicates
    (identified-events)
    (recognized-habits)
    (understood-relationship)
    (reflected-on-growth)
    (adventures-recalled)
    (habits-reflected)
    (impact-explored)
    (lessons-narrated)
  )

  (:action recall
    :parameters (?adventures)
    :precondition (identified-events)
    :effect (and (adventures-recalled)
                 (not (identified-events))))

  (:action reflect
    :parameters (?habits)
    :precondition (and (recognized-habits) (adventures-recalled))
    :effect (and (habits-reflected)
                 (not (recognized-habits))))

  (:action explore
    :parameters (?impact)
    :precondition (and (understood-relationship) (habits-reflected))
    :effect (and (impact-explored)
                 (not (understood-relationship))))

  (:action narrate
    :parameters (?lessons)
    :precondition (and (reflected-on-growth) (impact-explored))
    :effect (and (lessons-narrated)
                 (not (reflected-on-growth))))
)
