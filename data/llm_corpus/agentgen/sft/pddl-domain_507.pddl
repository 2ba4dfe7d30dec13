(define (domain oxford-comma-guide)
  (:requirements :strips :typing) ; Ensure :typing is included
  (:types
    list ; Declare 'list' as a type
  )
  (:predicates
    (ambiguous ?l - list)
    (identified ?l - list)
    (clearly-separated ?l - list)
    (has-three-or-more-items ?l - list)
  )

  (:action identify
    :parameters (?l - list)
    :precondition (ambiguous ?l)
    :effect (identified ?l)
  )

  (:action apply_oxford_comma_rule
    :parameters (?l - list)
    :precondition (and (identified ?l) (has-three-or-more-items ?l))
    :effect (and (clearly-separated ?l) (not (ambiguous ?l)))
  )
)
