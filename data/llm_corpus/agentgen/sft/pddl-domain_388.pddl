(define (domain version-control)
  (:requirements :strips :typing)
  (:types
    developer branch commit
  )
  (:predicates
    (branch-exists ?branch - branch)
    (commit-exists ?commit - commit)
    (developer-exists ?developer - developer)
    (uncommitted-changes ?branch - branch)
    (new-commits-remote ?branch - branch)
    (conflict ?branch - branch)
    (commit-made ?commit - commit)
    (commit-attributed ?commit - commit)
  )

  (:action synchronize_changes
    :parameters (?developer - developer ?branch - branch ?commit - commit)
    :precondition (and (not (uncommitted-changes ?branch)))
    :effect (and (commit-exists ?commit) (not (uncommitted-changes ?branch)))
  )

  (:action rebase_before_push
    :parameters (?developer - developer ?local_branch - branch ?remote_branch - branch)
    :precondition (and (new-commits-remote ?remote_branch) (not (conflict ?local_branch)))
    :effect (and (not (new-commits-remote ?remote_branch)) (not (uncommitted-changes ?local_branch)))
  )

  (:action attribute_commits_correctly
    :parameters (?commit - commit ?author - developer)
    :precondition (commit-made ?commit)
    :effect (commit-attributed ?commit)
  )
)
