(define (domain linguistic-research)
  (:requirements :strips :typing)
  (:types
    language
    structure
    differences-similarities
  )
  (:predicates
    (language-selected ?l - language)
    (researched ?l - language)
    (understanding-of-english-french-perfect-tense)
    (compared ?l - language)
  )

  (:action researchlanguage
    :parameters (?l - language ?s - structure)
    :precondition (language-selected ?l)
    :effect (and (researched ?l))
  )

  (:action comparestructures
    :parameters (?l - language ?ef - structure ?ds - differences-similarities)
    :precondition (and (researched ?l) (understanding-of-english-french-perfect-tense))
    :effect (and (compared ?l))
  )
)
