(define (domain asylum-seeking)
  (:requirements :strips :typing)
  (:types
    object) ; Assuming 'object' is a placeholder, and specific types will be defined as needed.
  (:predicates
    (has-access-to-information)
    (understands-process ?country - object)
    (documents-prepared ?type - object)
    (has-questions ?query - object)
    (received-response ?response - object)
  )

  (:action research-requirements
    :parameters (?laws - object ?country - object ?process - object)
    :precondition (has-access-to-information)
    :effect (understands-process ?country)
  )

  (:action prepare-documents
    :parameters (?type - object ?info - object ?country - object)
    :precondition (and (has-access-to-information) (understands-process ?country))
    :effect (documents-prepared ?type)
  )

  (:action contact-embassy
    :parameters (?country - object ?query - object ?response - object ?type - object)
    :precondition (and (has-questions ?query) (documents-prepared ?type))
    :effect (received-response ?response)
  )
)
