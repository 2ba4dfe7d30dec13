(define (domain secure-web-application)
  (:requirements :strips)
  (:predicates
    (input-received ?input)
    (input-sanitized ?input)
    (input-validated ?input)
    (query-safe ?query)
  )

  (:action sanitizeInput
    :parameters (?input)
    :precondition (input-received ?input)
    :effect (and
              (input-sanitized ?input)
              (not (input-received ?input))
            )
  )

  (:action validateInput
    :parameters (?input ?rules)
    :precondition (input-sanitized ?input)
    :effect (and
              (input-validated ?input)
              (not (input-sanitized ?input))
            )
  )

  (:action parameterizeQuery
    :parameters (?query ?params)
    :precondition (input-validated ?params)
    :effect (and
              (query-safe ?query)
              (not (input-validated ?params))
            )
  )
)
