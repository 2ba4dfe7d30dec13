(define (domain linkedin-profile-enhancement)
  (:requirements :strips)
  (:predicates
    (clear-understanding)
    (identified-elements ?personal_story ?achievements ?skills)
    (detailed-record)
    (identified-skills ?skills)
    (has-profile)
    (profile-discoverable)
    (summary-enriched)
    (experience-optimized)
    (skills-updated)
    (network-engaged)
  )

  (:action update_headline
    :parameters (?industry_keywords)
    :precondition (clear-understanding)
    :effect (profile-discoverable)
  )

  (:action enhance_summary
    :parameters (?personal_story ?achievements ?skills)
    :precondition (identified-elements ?personal_story ?achievements ?skills)
    :effect (summary-enriched)
  )

  (:action optimize_experience
    :parameters (?job_titles ?descriptions ?achievements)
    :precondition (detailed-record)
    :effect (experience-optimized)
  )

  (:action update_skills
    :parameters (?skills ?endorsements)
    :precondition (identified-skills ?skills)
    :effect (skills-updated)
  )

  (:action engage_network
    :parameters (?content_sharing ?commenting ?messaging)
    :precondition (has-profile)
    :effect (network-engaged)
  )
)
