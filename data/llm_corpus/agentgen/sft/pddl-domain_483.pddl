(define (domain gel-electrophoresis-education)
  (:requirements :strips)
  (:predicates
    (basic-understanding-dna ?student)
    (foundational-knowledge-genetics ?student)
    (willing-to-engage ?student)
    (understands-preparation ?student)
    (understands-analysis ?student)
    (applied-knowledge ?student)
  )

  (:action prepare
    :parameters (?student ?sample ?setup)
    :precondition (basic-understanding-dna ?student)
    :effect (and (understands-preparation ?student)
                 (not (basic-understanding-dna ?student)))
  )

  (:action analyze
    :parameters (?student ?patterns ?skills)
    :precondition (and (foundational-knowledge-genetics ?student)
                       (understands-preparation ?student))
    :effect (and (understands-analysis ?student)
                 (not (foundational-knowledge-genetics ?student)))
  )

  (:action conduct
    :parameters (?student ?case-studies ?application)
    :precondition (and (willing-to-engage ?student)
                       (understands-analysis ?student))
    :effect (applied-knowledge ?student)
  )
)
