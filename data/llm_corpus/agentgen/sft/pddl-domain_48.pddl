(define (domain educational-module)
  (:requirements :strips)
  (:predicates
    (basic-understanding-of-political-systems)
    (interest-in-political-history)
    (willingness-to-engage-with-diverse-perspectives)
    (understands-government-structure ?structure)
    (gained-insight-into-system-development ?development)
    (developed-critical-thinking-and-debate-skills)
  )

  (:action compare-structures
    :parameters (?structure)
    :precondition (basic-understanding-of-political-systems)
    :effect (understands-government-structure ?structure)
  )

  (:action study-history
    :parameters (?development)
    :precondition (interest-in-political-history)
    :effect (gained-insight-into-system-development ?development)
  )

  (:action engage-in-forum
    :parameters ()
    :precondition (willingness-to-engage-with-diverse-perspectives)
    :effect (developed-critical-thinking-and-debate-skills)
  )
)
