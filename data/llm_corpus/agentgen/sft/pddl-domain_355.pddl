(define (domain dynamic-webpage)
  (:requirements :strips)
  (:predicates
    (displayed ?elm - element)
    (highlighted ?elm - element ?cond - condition)
    (is-first-user ?elm - element)
    (user-list-updated)
  )

  (:types
    element condition
  )

  (:action display
    :parameters (?elm - element)
    :precondition (and)
    :effect (and
              (displayed ?elm)
              (user-list-updated)
            )
  )

  (:action highlight
    :parameters (?elm - element ?cond - condition)
    :precondition (and
                    (displayed ?elm)
                    (is-first-user ?elm)
                  )
    :effect (and
              (highlighted ?elm ?cond)
            )
  )
)
