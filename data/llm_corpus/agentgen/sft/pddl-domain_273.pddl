(define (domain git-tutorial)
  (:requirements :strips)
  (:types commit file hunk branch) ; Assuming these are all the types used in this domain
  (:predicates
    (commit-identified ?commit - commit)
    (files-identified ?file - file)
    (changes-identified ?commit - commit ?file - file)
    (hunks-identified ?hunk - hunk)
    (on-target-branch ?branch - branch)
    (changes-applied ?branch - branch)
  )

  (:action identifychanges
    :parameters (?commit - commit ?file - file)
    :precondition (and (commit-identified ?commit) (files-identified ?file))
    :effect (changes-identified ?commit ?file)
  )

  (:action applyhunks
    :parameters (?hunk - hunk ?branch - branch)
    :precondition (and (hunks-identified ?hunk) (on-target-branch ?branch))
    :effect (changes-applied ?branch)
  )
)
