(define (domain php-code-update)
  (:requirements :strips)
  (:predicates 
    (uses-each ?code)
    (is-compatible ?method)
    (updated ?code)
    (benefit-identified ?method ?benefit)
  )

  (:action updateCode
    :parameters (?oldcode ?newmethod)
    :precondition (and (uses-each ?oldcode) (is-compatible ?newmethod))
    :effect (and (updated ?oldcode)
                 (not (uses-each ?oldcode)))
  )

  (:action illustrateBenefit
    :parameters (?newmethod ?benefit)
    :precondition (benefit-identified ?newmethod ?benefit)
    :effect (updated ?newmethod)
  )
)
