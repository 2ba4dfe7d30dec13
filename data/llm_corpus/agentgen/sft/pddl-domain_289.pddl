(define (domain git-submodule-removal)
  (:requirements :strips)
  (:predicates
    (submodule-exists ?s)
    (project-exists ?p)
    (.gitmodules-file-exists ?f)
    (submodule-identified ?s)
    (project-backed-up ?p)
    (submodule-entry-removed ?s)
    (submodule-directory-removed ?s)
    (git-config-updated ?s)
    (changes-committed)
  )

  (:action identify_submodule
    :parameters (?s)
    :precondition (submodule-exists ?s)
    :effect (submodule-identified ?s)
  )

  (:action backup_project
    :parameters (?p)
    :precondition (project-exists ?p)
    :effect (project-backed-up ?p)
  )

  (:action delete_submodule_entry
    :parameters (?s ?f)
    :precondition (and (submodule-identified ?s) (.gitmodules-file-exists ?f))
    :effect (submodule-entry-removed ?s)
  )

  (:action remove_submodule_directory
    :parameters (?s)
    :precondition (submodule-entry-removed ?s)
    :effect (submodule-directory-removed ?s)
  )

  (:action update_git_config
    :parameters (?s)
    :precondition (submodule-directory-removed ?s)
    :effect (git-config-updated ?s)
  )

  (:action commit_changes
    :parameters (?s ?p)
    :precondition (and (submodule-identified ?s) (project-backed-up ?p) (submodule-entry-removed ?s) (submodule-directory-removed ?s) (git-config-updated ?s))
    :effect (changes-committed)
  )
)
