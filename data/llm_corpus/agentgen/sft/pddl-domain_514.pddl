(define (domain unix-file-management)
  (:requirements :strips)
  (:types
    file directory ; Define types to ensure clarity and correct parsing.
  )
  (:predicates
    (file-exists ?f - file)
    (directory-accessible ?d - directory)
    (file-in-directory ?f - file ?d - directory)
  )

  (:action copy
    :parameters (?f - file ?d - directory) ; Ensure parameters are correctly typed.
    :precondition (and (file-exists ?f) (directory-accessible ?d))
    :effect (and (file-in-directory ?f ?d))
  )

  (:action delete
    :parameters (?f - file) ; Ensure parameters are correctly typed.
    :precondition (and (file-exists ?f))
    :effect (and (not (file-exists ?f)))
  )
)
