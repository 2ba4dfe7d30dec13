(define (domain project_management)
  (:requirements :strips)
  (:predicates
    (clear-proposal)
    (project-created ?projectName)
    (team-member-available ?teamMember)
    (project-ongoing ?projectName)
    (milestone-defined ?projectName ?milestone)
    (task-assigned ?task ?teamMember)
  )

  (:action createProject
    :parameters (?projectName ?budget ?deadline ?qualityStandards)
    :precondition (clear-proposal)
    :effect (and
              (project-created ?projectName)
              (not (clear-proposal))
            )
  )

  (:action assignTask
    :parameters (?task ?teamMember ?deadline ?projectName) ; Corrected by adding ?projectName
    :precondition (and
                    (project-created ?projectName)
                    (team-member-available ?teamMember)
                  )
    :effect (and
              (task-assigned ?task ?teamMember)
              (not (team-member-available ?teamMember))
            )
  )

  (:action trackMilestone
    :parameters (?projectName ?milestone ?completionDate)
    :precondition (and
                    (project-ongoing ?projectName)
                    (milestone-defined ?projectName ?milestone)
                  )
    :effect (and
              ; Assuming tracking a milestone might change its status or project's status
              ; but not explicitly modeled here due to lack of predicates for such states.
            )
  )

  (:action generateReport
    :parameters (?projectName ?date)
    :precondition (project-ongoing ?projectName)
    :effect (and
              ; Assuming generating a report doesn't change the state of the world,
              ; but in a more detailed model, it could affect predicates related to report availability.
            )
  )
)
