(define (domain bouldering-training)
  (:requirements :strips)
  (:types
    drill aspect ; Assuming these are the types needed, add this line if these types are defined elsewhere or in the problem file.
  )
  (:predicates
    (warmed-up)
    (improved ?aspect - aspect)
    (proper-form)
    (balanced-session)
    (adapted-difficulty)
    (prioritized-safety)
  )

  (:action execute-drill
    :parameters (?drill - drill ?aspect - aspect)
    :precondition (and (warmed-up) (proper-form) (balanced-session) (adapted-difficulty) (prioritized-safety))
    :effect (and (improved ?aspect))
  )
)
