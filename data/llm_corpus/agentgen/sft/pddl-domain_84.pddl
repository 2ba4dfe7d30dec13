(define (domain super-prime-world)
  (:requirements :strips)
  (:predicates
    (greater-than-one ?n)
    (positive-integer-greater-than-two ?n)
    (prime ?n)
    (super-prime-identified ?n)
    (list-of-super-primes ?l)
  )

  (:action check_prime
    :parameters (?n)
    :precondition (greater-than-one ?n)
    :effect (prime ?n)
  )

  (:action find_super_prime
    :parameters (?n)
    :precondition (positive-integer-greater-than-two ?n)
    :effect (super-prime-identified ?n)
  )

  (:action print
    :parameters (?l)
    :precondition (list-of-super-primes ?l)
    :effect (and (list-of-super-primes ?l)) ; Adding a dummy effect to adhere to syntax expectations
  )
)
