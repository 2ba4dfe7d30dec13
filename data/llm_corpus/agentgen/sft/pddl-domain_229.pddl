(define (domain dictionary-access)
  (:requirements :strips :typing)
  (:types
    key value
  )
  (:predicates 
    (key-exists ?k - key)
    (value-retrieved ?v - value)
    (printed ?v - value)
  )

  (:action access
    :parameters (?k - key ?v - value)
    :precondition (key-exists ?k)
    :effect (value-retrieved ?v)
  )

  (:action print
    :parameters (?v - value)
    :precondition (value-retrieved ?v)
    :effect (printed ?v)
  )
)
