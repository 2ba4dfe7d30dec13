(define (domain magical-scissors)
  (:requirements :strips :typing)
  (:types
    challenge scissor_technique safety_tip decision_point options consequence
  )
  (:predicates
    (appropriate-challenge ?c - challenge)
    (safe-scissor-technique ?s - scissor_technique)
    (accurately-described ?s - scissor_technique)
    (clearly-explained-option ?o - options)
    (safe-option ?o - options)
    (different-outcomes ?o - options)
    (age-and-skill-level-appropriate ?c - challenge)
    (story-segment-learned ?t - safety_tip)
    (child-learns-consequence ?con - consequence)
  )

  (:action solvepuzzle
    :parameters (?c - challenge ?s - scissor_technique ?t - safety_tip)
    :precondition (and (appropriate-challenge ?c) 
                       (safe-scissor-technique ?s) 
                       (accurately-described ?s) 
                       (age-and-skill-level-appropriate ?c))
    :effect (and (story-segment-learned ?t))
  )

  (:action makechoice
    :parameters (?d - decision_point ?o - options ?con - consequence)
    :precondition (and (clearly-explained-option ?o) 
                       (safe-option ?o) 
                       (different-outcomes ?o))
    :effect (and (child-learns-consequence ?con))
  )
)
