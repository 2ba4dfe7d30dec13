(define (domain text-manipulation)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types string char number) ; Assuming 'number' is also a type used in actions

  (:predicates
    (contains ?s - string ?c - char)
    (is-empty ?s - string)
    (validated-number ?s - string)
    (no-spaces ?s - string)
  )

  (:action DividirCadena
    :parameters (?s - string ?c - char ?left - string ?right - string)
    :precondition (contains ?s ?c)
    :effect (and (not (contains ?s ?c))
                 (not (is-empty ?left))
                 (not (is-empty ?right))
    )
  )

  (:action EliminarEspacios
    :parameters (?s - string ?ns - string)
    :precondition (not (no-spaces ?s))
    :effect (and (no-spaces ?ns)
                 (not (is-empty ?ns))
    )
  )

  (:action ValidarNumero
    :parameters (?s - string)
    :precondition (not (is-empty ?s))
    :effect (validated-number ?s)
  )

  (:action ConvertirANumero
    :parameters (?s - string ?n - number)
    :precondition (validated-number ?s)
    :effect (not (is-empty ?n)) ; This effect seems logically incorrect as it negates emptiness on a number. Consider revising the logic or effects based on the domain's intent.
  )
)
