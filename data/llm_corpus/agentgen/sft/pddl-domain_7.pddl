(define (domain xml-schema-training)
  (:requirements :strips :typing)
  (:types
    developer ; This line declares 'developer' as a type.
  )
  (:predicates
    (basic-knowledge ?d - developer)
    (understands-cardinality ?d - developer)
    (completed-cardinality-lesson ?d - developer)
    (completed-practical-exercises ?d - developer)
    (project-implemented ?d - developer)
    (project-reviewed ?d - developer)
  )

  (:action teach-cardinality
    :parameters (?d - developer)
    :precondition (basic-knowledge ?d)
    :effect (and (understands-cardinality ?d)
                 (completed-cardinality-lesson ?d)
                 (not (basic-knowledge ?d))))

  (:action conduct-practical-exercises
    :parameters (?d - developer)
    :precondition (completed-cardinality-lesson ?d)
    :effect (completed-practical-exercises ?d))

  (:action implement-project
    :parameters (?d - developer)
    :precondition (completed-practical-exercises ?d)
    :effect (project-implemented ?d))

  (:action review-and-feedback
    :parameters (?d - developer)
    :precondition (project-implemented ?d)
    :effect (project-reviewed ?d))
)
