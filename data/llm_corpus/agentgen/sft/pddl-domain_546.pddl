(define (domain bridge-construction)
  (:requirements :strips :typing)
  (:types
    design
    material
    criteria
  )
  (:predicates
    (suitable-for-use ?d - design ?m - material)
    (researched ?d - design)
    (evaluated ?d1 - design ?d2 - design ?c - criteria)
    (meets-requirements ?d - design)
    (within-budget ?m - material)
    (finalized ?d - design ?m - material)
  )

  (:action research
    :parameters (?d - design ?m - material)
    :precondition (suitable-for-use ?d ?m)
    :effect (researched ?d)
  )

  (:action evaluate
    :parameters (?d1 - design ?d2 - design ?c - criteria)
    :precondition (and (researched ?d1) (researched ?d2))
    :effect (evaluated ?d1 ?d2 ?c)
  )

  (:action select
    :parameters (?d - design ?m - material)
    :precondition (and (meets-requirements ?d) (within-budget ?m))
    :effect (finalized ?d ?m)
  )
)
