(define (domain cybersecurity-education)
  (:requirements :strips)
  (:predicates
    (understands-cybersecurity ?entity)
    (has-expertise-in-education ?entity)
    (content-created ?content)
    (awareness-raised ?audience)
    (overview-presented ?topic)
  )

  (:action analyze
    :parameters (?entity ?landscape ?methods) ; Added ?entity to parameters
    :precondition (understands-cybersecurity ?entity)
    :effect (overview-presented ?landscape)
  )

  (:action design
    :parameters (?entity ?program ?landscape) ; Added ?entity and corrected to include ?landscape instead of ?awareness
    :precondition (and (has-expertise-in-education ?entity)
                       (overview-presented ?landscape))
    :effect (content-created ?program)
  )

  (:action implement
    :parameters (?campaign ?content ?audience) ; Added ?audience to parameters to match its use in the effect
    :precondition (content-created ?content)
    :effect (awareness-raised ?audience)
  )
)
