(define (domain heartfelt-letter)
  (:requirements :strips)
  (:predicates
    (meaningful-experience ?e)
    (specific-aspiration ?a)
    (reflected ?e)
    (envisioned ?a)
  )

  (:action reflect
    :parameters (?e)
    :precondition (meaningful-experience ?e)
    :effect (and (reflected ?e)
                 (not (meaningful-experience ?e))))

  (:action envision
    :parameters (?a)
    :precondition (specific-aspiration ?a)
    :effect (and (envisioned ?a)
                 (not (specific-aspiration ?a))))
)
