(define (domain memory-reset-game)
  (:requirements :strips)
  (:predicates
    (clue-in-journal ?clue)
    (objectives-generated ?objectives)
    (puzzle-encountered ?puzzle)
    (information-discovered ?info)
    (journal-ready)
  )

  (:action interpret
    :parameters (?clue ?context)
    :precondition (clue-in-journal ?clue)
    :effect (and (objectives-generated ?context)
                 (not (clue-in-journal ?clue)))
  )

  (:action explore
    :parameters (?area ?objectives)
    :precondition (objectives-generated ?objectives)
    :effect (and (information-discovered ?area)
                 (not (objectives-generated ?objectives)))
  )

  (:action solve
    :parameters (?puzzle ?information)
    :precondition (puzzle-encountered ?puzzle)
    :effect (and (information-discovered ?information)
                 (not (puzzle-encountered ?puzzle)))
  )

  (:action document
    :parameters (?findings ?journal)
    :precondition (information-discovered ?findings)
    :effect (and (clue-in-journal ?findings)
                 (journal-ready)
                 (not (information-discovered ?findings)))
  )
)
