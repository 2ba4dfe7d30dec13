(define (domain author-world)
  (:requirements :strips)
  (:predicates
    (at-desk ?author)
    (letter-at ?location ?letter)
    (has-read-letter ?author ?letter)
    (has-plan ?author)
    (at ?object ?location)
    (pen-has-ink ?pen)
    (chapter-revised ?manuscript)
  )

  (:action read_letter
    :parameters (?location ?letter ?author)
    :precondition (and (at-desk ?author) (letter-at ?location ?letter))
    :effect (and (has-read-letter ?author ?letter))
  )

  (:action evaluate_changes
    :parameters (?location ?manuscript ?author ?letter)
    :precondition (and (has-read-letter ?author ?letter))
    :effect (and (has-plan ?author))
  )

  (:action rewrite_chapter
    :parameters (?location ?pen ?manuscript ?author)
    :precondition (and (at-desk ?author) (has-plan ?author) (pen-has-ink ?pen))
    :effect (and (chapter-revised ?manuscript) (not (pen-has-ink ?pen)))
  )
)
