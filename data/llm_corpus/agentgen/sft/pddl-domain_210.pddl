(define (domain rumba-tutorial)
  (:requirements :strips)
  (:predicates
    (has-access-to-resources)
    (has-expertise-in-dance-instruction)
    (has-compiled-information)
    (has-designed-materials)
    (has-created-quizzes)
    (understands-rumba ?learner)
  )

  (:action compile
    :parameters (?background ?origins)
    :precondition (has-access-to-resources)
    :effect (has-compiled-information)
  )

  (:action design
    :parameters (?materials ?steps)
    :precondition (and (has-expertise-in-dance-instruction) (has-compiled-information))
    :effect (has-designed-materials)
  )

  (:action create
    :parameters (?quizzes ?assessment)
    :precondition (and (has-compiled-information) (has-designed-materials))
    :effect (has-created-quizzes)
  )
)
