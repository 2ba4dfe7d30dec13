(define (domain self-review)
  (:requirements :strips)
  (:predicates
    (code-needs-review ?code)
    (code-annotated ?code)
    (code-refactored ?code)
    (review-simulated ?code)
    (tests-written ?code)
    (tests-passed ?code)
  )

  (:action annotate
    :parameters (?code ?comments)
    :precondition (code-needs-review ?code)
    :effect (and (code-annotated ?code)
                 (not (code-needs-review ?code))))

  (:action refactor
    :parameters (?code ?patterns)
    :precondition (code-annotated ?code)
    :effect (and (code-refactored ?code)
                 (not (code-annotated ?code))))

  (:action simulate
    :parameters (?code ?checklist)
    :precondition (code-refactored ?code)
    :effect (and (review-simulated ?code)
                 (not (code-refactored ?code))))

  (:action test
    :parameters (?code ?automated-tests)
    :precondition (and (code-refactored ?code) (review-simulated ?code))
    :effect (and (tests-written ?code)
                 (tests-passed ?code)
                 (not (review-simulated ?code))))
)
