(define (domain file-sync)
  (:requirements :strips)
  (:predicates
    (directory-exists ?d)
    (files-identified ?d)
    (target-directory-checked ?d)
    (files-overwritten ?source ?target)
  )

  (:action identifyFiles
    :parameters (?source)
    :precondition (directory-exists ?source)
    :effect (files-identified ?source)
  )

  (:action checkTargetDirectory
    :parameters (?target)
    :precondition (not (directory-exists ?target))
    :effect (and
      (directory-exists ?target)
      (target-directory-checked ?target)
    )
  )

  (:action overwriteFiles
    :parameters (?source ?target)
    :precondition (and
      (files-identified ?source)
      (directory-exists ?target)
    )
    :effect (files-overwritten ?source ?target)
  )
)
