(define (domain database-case-insensitivity)
  (:requirements :strips)
  (:predicates
    (administrative-access)
    (case-sensitive-queries-exist)
    (programming-skills)
    (documentation-access)
    (changes-implemented)
    (team-educated)
  )

  (:action configure_collation
    :parameters (?database_settings)
    :precondition (administrative-access)
    :effect (and (not (case-sensitive-queries-exist))
                 (changes-implemented))
  )

  (:action modify_queries
    :parameters (?query_adjustments)
    :precondition (case-sensitive-queries-exist)
    :effect (and (not (case-sensitive-queries-exist))
                 (changes-implemented))
  )

  (:action implement_function
    :parameters (?custom_function)
    :precondition (and (programming-skills) (case-sensitive-queries-exist))
    :effect (and (not (case-sensitive-queries-exist))
                 (changes-implemented))
  )

  (:action update_documentation
    :parameters (?documentation_updates)
    :precondition (and (documentation-access) (changes-implemented))
    :effect (team-educated)
  )

  (:action educate_team
    :parameters (?training_sessions)
    :precondition (changes-implemented)
    :effect (team-educated)
  )
)
