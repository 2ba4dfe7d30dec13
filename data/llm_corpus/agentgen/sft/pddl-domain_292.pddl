(define (domain software_development)
  (:requirements :strips)
  (:predicates
    (code-provided ?code)
    (error-identified ?code ?error)
    (error-corrected ?code ?corrected)
    (code-compiled ?corrected)
    (code-optimized ?optimized)
    (code-tested ?optimized)
  )

  (:action identifyerror
    :parameters (?code ?error)
    :precondition (code-provided ?code)
    :effect (error-identified ?code ?error)
  )

  (:action correcterror
    :parameters (?code ?error ?corrected) ; Added ?error to the parameters
    :precondition (error-identified ?code ?error)
    :effect (and (error-corrected ?code ?corrected)
                 (not (error-identified ?code ?error)))
  )

  (:action compilecode
    :parameters (?code ?corrected) ; Corrected by adding ?code to the parameters
    :precondition (error-corrected ?code ?corrected)
    :effect (code-compiled ?corrected)
  )

  (:action optimizecode
    :parameters (?compiled ?optimized)
    :precondition (code-compiled ?compiled)
    :effect (and (code-optimized ?optimized)
                 (not (code-compiled ?compiled)))
  )

  (:action testcode
    :parameters (?optimized)
    :precondition (code-optimized ?optimized)
    :effect (code-tested ?optimized)
  )
)
