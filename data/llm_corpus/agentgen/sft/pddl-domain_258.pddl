(define (domain high-heels-health-impact)
  (:requirements :strips)
  (:predicates (has-access-to-credible-sources)
               (understands-biomechanics)
               (knows-ergonomics-and-physical-therapy)
               (has-well-rounded-understanding)
               (has-actionable-tips))

  (:action compile
    :parameters (?research)
    :precondition (has-access-to-credible-sources)
    :effect (has-well-rounded-understanding))

  (:action advise
    :parameters (?prevention-strategies)
    :precondition (and (understands-biomechanics) (knows-ergonomics-and-physical-therapy))
    :effect (has-actionable-tips))
)
