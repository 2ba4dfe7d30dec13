(define (domain date-validation)
  (:requirements :strips)
  (:predicates 
    (is-string ?d)
    (parsed ?d)
    (format-valid ?d)
    (validation-failed ?d))

  (:action ParseDateString
    :parameters (?d)
    :precondition (is-string ?d)
    :effect (and (parsed ?d)
                 (not (is-string ?d))))

  (:action ValidateFormat
    :parameters (?d)
    :precondition (parsed ?d)
    :effect (and (format-valid ?d)
                 (not (parsed ?d))))

  (:action RaiseError
    :parameters (?d)
    :precondition (not (format-valid ?d))
    :effect (and (validation-failed ?d)
                 (not (format-valid ?d)))))
