(define (domain array-merge-and-find)
  (:requirements :strips :typing) ; Confirming :typing is needed
  (:types array number algorithm performance) ; Declaring types
  (:predicates 
    (sorted ?a - array)
    (merged ?m - array ?a1 - array ?a2 - array)
    (element-identified ?m - array ?k - number)
    (algorithm-implemented ?alg - algorithm)
    (performance-analysis-available)
    (optimized ?alg - algorithm ?perf - performance)
  )

  (:action merge
    :parameters (?a1 - array ?a2 - array ?m - array)
    :precondition (and (sorted ?a1) (sorted ?a2))
    :effect (and (merged ?m ?a1 ?a2) (sorted ?m))
  )

  (:action findElementAtPosition
    :parameters (?m - array ?k - number)
    :precondition (sorted ?m)
    :effect (element-identified ?m ?k)
  )

  (:action optimize
    :parameters (?alg - algorithm ?perf - performance)
    :precondition (and (algorithm-implemented ?alg) (performance-analysis-available))
    :effect (optimized ?alg ?perf)
  )
)
