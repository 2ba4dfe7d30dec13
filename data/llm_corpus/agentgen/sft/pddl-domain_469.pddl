(define (domain cultural-exchange)
  (:requirements :strips :typing)
  (:types
    location
    person
    topic
  )
  (:predicates
    (available ?l - location)
    (knowledgeable ?p - person ?t - topic)
    (present ?a - person ?l - location)
    (setup-for-presentation ?l - location)
    (willing-to-engage ?p - person)
    (suitable-for-activity ?l - location)
    (interested-in ?p - person ?t - topic)
    (conducive-to-discussion ?l - location)
    (gained-knowledge ?p - person ?t - topic)
    (gained-experience ?p - person)
    (shared-culture ?p - person)
    (shared-views ?p - person)
    (gained-understanding ?a - person ?t - topic)
  )

  (:action host-workshop
    :parameters (?w - person ?t - topic ?l - location ?p - person) ; Corrected to include ?p
    :precondition (and (available ?l))
    :effect (and (gained-knowledge ?p ?t)
                 (not (available ?l))))

  (:action give-presentation
    :parameters (?pr - person ?t - topic ?a - person ?l - location)
    :precondition (and (knowledgeable ?pr ?t) (present ?a ?l) (setup-for-presentation ?l))
    :effect (and (gained-understanding ?a ?t) (gained-experience ?pr)))

  (:action organize-cultural-exchange
    :parameters (?act - person ?p - person ?l - location)
    :precondition (and (suitable-for-activity ?l) (willing-to-engage ?p))
    :effect (and (shared-culture ?p)))

  (:action facilitate-discussion
    :parameters (?t - topic ?p - person ?l - location)
    :precondition (and (interested-in ?p ?t) (conducive-to-discussion ?l))
    :effect (and (shared-views ?p)))
)
