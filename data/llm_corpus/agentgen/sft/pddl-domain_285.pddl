(define (domain phd-advisor-strategy)
  (:requirements :strips)
  (:predicates
    (need-to-find-advisor)
    (researched-professors)
    (analyzed-interests)
    (drafted-email)
    (prepared-proposal)
  )

  (:action research
    :parameters (?professors - object)
    :precondition (need-to-find-advisor)
    :effect (and (researched-professors)
                 (not (need-to-find-advisor)))
  )

  (:action analyze
    :parameters (?research_interests - object)
    :precondition (researched-professors)
    :effect (and (analyzed-interests)
                 (not (researched-professors)))
  )

  (:action draft
    :parameters (?initial_contact_email - object)
    :precondition (analyzed-interests)
    :effect (and (drafted-email)
                 (not (analyzed-interests)))
  )

  (:action prepare
    :parameters (?research_proposal - object)
    :precondition (drafted-email)
    :effect (and (prepared-proposal)
                 (not (drafted-email)))
  )
)
