(define (domain file-size-calculator)
  (:requirements :strips)
  (:predicates 
    (directory-exists ?d)
    (file-exists ?f)
    (files-listed ?d)
    (size-calculated ?f)
    (sizes-summed ?d))

  (:action traverseDirectory
    :parameters (?d)
    :precondition (directory-exists ?d)
    :effect (files-listed ?d))

  (:action calculateFileSize
    :parameters (?f)
    :precondition (file-exists ?f)
    :effect (size-calculated ?f))

  (:action sumFileSizes
    :parameters (?d)
    :precondition (files-listed ?d)
    :effect (sizes-summed ?d))
)
