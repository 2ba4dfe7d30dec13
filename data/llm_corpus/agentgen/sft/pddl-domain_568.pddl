(define (domain videogame-quiz)
  (:requirements :strips)
  (:predicates (read-and-understood ?description)
               (identified-character-or-element ?character-or-element))

  (:action identify
    :parameters (?character-or-element ?description)
    :precondition (read-and-understood ?description)
    :effect (identified-character-or-element ?character-or-element))
)
