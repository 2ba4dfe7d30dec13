(define (domain microscopic-adventure)
  (:requirements :strips)
  (:types student material application)
  (:predicates 
    (willing-to-learn ?s - student)
    (in-microscopic-world ?s - student)
    (material-chosen ?s - student ?m - material)
    (learned-resistance ?s - student)
    (real-world-application-chosen ?s - student ?a - application))

  (:action shrinkToMicroscopic
    :parameters (?s - student)
    :precondition (willing-to-learn ?s)
    :effect (and (in-microscopic-world ?s)
                 (not (willing-to-learn ?s))))

  (:action exploreResistance
    :parameters (?s - student ?m - material)
    :precondition (and (in-microscopic-world ?s) (material-chosen ?s ?m))
    :effect (learned-resistance ?s))

  (:action applyKnowledge
    :parameters (?s - student ?a - application)
    :precondition (and (learned-resistance ?s) (real-world-application-chosen ?s ?a))
    :effect (and 
             ; This effect symbolizes the successful application of knowledge
             ; In a narrative-driven PDDL, the effects can symbolize changes in understanding or story progression
             ))
)
