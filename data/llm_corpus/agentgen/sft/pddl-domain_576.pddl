(define (domain array-comparison)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    object array ; Correctly define types without using '-'
  )
  (:predicates
    (extracted ?o - object)
    (compared ?o1 - object ?o2 - object)
    (identical ?o1 - object ?o2 - object)
    (nonempty-array ?a - array)
    (object-in-array ?o - object ?a - array)
  )

  (:action compareObjects
    :parameters (?o1 - object ?o2 - object)
    :precondition (and (extracted ?o1) (extracted ?o2) (not (compared ?o1 ?o2)))
    :effect (and 
              (compared ?o1 ?o2)
              (compared ?o2 ?o1) ; Ensure bidirectional comparison is recorded
              ; The effect of determining if objects are identical is conceptual
              ; and would be handled by the comparison logic, not directly represented in PDDL effects.
            )
  )

  (:action iterateArray
    :parameters (?a - array)
    :precondition (nonempty-array ?a)
    :effect (and 
              ; This effect abstractly represents the extraction of objects for comparison.
              ; In practice, this would involve setting up conditions for each object in the array to be extracted.
            )
  )

  (:action markCompared
    :parameters (?o1 - object ?o2 - object)
    :precondition (compared ?o1 ?o2)
    :effect (and 
              (identical ?o1 ?o2) ; This effect is conceptual. The actual determination of identical objects
                                   ; would be part of the compareObjects action's logic.
              ; Prevents these objects from being compared again in future iterations.
            )
  )
)
