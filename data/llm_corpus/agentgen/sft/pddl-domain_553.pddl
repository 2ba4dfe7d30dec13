(define (domain checksum-calculator)
  (:requirements :strips :typing)
  (:types
    file buffer data algorithm checksum format
  )
  (:predicates
    (file-exists ?f - file)
    (file-accessible ?f - file)
    (data-loaded ?d - data)
    (checksum-calculated ?c - checksum)
    (output-ready ?c - checksum ?fmt - format)
  )

  (:action readfile
    :parameters (?f - file ?b - buffer ?d - data)
    :precondition (and (file-exists ?f) (file-accessible ?f))
    :effect (data-loaded ?d)
  )

  (:action calculatechecksum
    :parameters (?d - data ?alg - algorithm ?c - checksum)
    :precondition (data-loaded ?d)
    :effect (checksum-calculated ?c)
  )

  (:action outputchecksum
    :parameters (?c - checksum ?fmt - format)
    :precondition (checksum-calculated ?c)
    :effect (output-ready ?c ?fmt)
  )
)
