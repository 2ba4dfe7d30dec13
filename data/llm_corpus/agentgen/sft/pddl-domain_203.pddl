(define (domain vscode-integration)
  (:requirements :strips)
  (:predicates 
    (understands-project-structure)
    (project-needs-identified ?project)
    (os-supports-symlinks)
    (permissions-for-symlinks)
    (project-settings-adjusted ?project)
    (symlink-created ?target ?link)
  )

  (:action configureProject
    :parameters (?project ?config) ; Assuming location and configuration are types, but not explicitly declared here due to lack of :types section.
    :precondition (and (understands-project-structure)
                       (project-needs-identified ?project))
    :effect (project-settings-adjusted ?project)
  )

  (:action createSymlink
    :parameters (?target ?link) ; Assuming directory and location are types, but not explicitly declared here due to lack of :types section.
    :precondition (and (os-supports-symlinks)
                       (permissions-for-symlinks))
    :effect (symlink-created ?target ?link)
  )
)
