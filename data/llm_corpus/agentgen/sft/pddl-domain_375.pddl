(define (domain cybersecurity-lab)
  (:requirements :strips :typing)
  (:types
    object ; Assuming 'object' is intended as a generic type placeholder
  )
  (:predicates
    (plaintext-ready)
    (encrypted-message ?msg - object)
    (hashed-password ?pwd - object)
  )

  (:action simulate_encryption
    :parameters (?pwd - object ?msg - object) ; Ensure all variables are declared with types
    :precondition (plaintext-ready)
    :effect (and (hashed-password ?pwd)
                 (not (plaintext-ready))
                 (encrypted-message ?msg))
  )

  (:action simulate_decryption
    :parameters (?msg - object ?pwd - object)
    :precondition (and (encrypted-message ?msg) (hashed-password ?pwd))
    :effect (plaintext-ready)
  )
)
