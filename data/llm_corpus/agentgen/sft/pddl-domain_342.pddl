(define (domain chess-simulation)
  (:requirements :strips)
  (:predicates
    (move-made ?m)
    (illegal-move-detected ?m)
    (legal-move-available ?p)
    (game-continued-after-illegal ?m)
    (penalty-enforced ?p)
    (game-state ?s)
    (player ?p)
    (piece ?pc)
  )

  (:action detect_illegal_move
    :parameters (?m ?s)
    :precondition (move-made ?m)
    :effect (and (illegal-move-detected ?m)
                 (not (move-made ?m))))

  (:action correct_illegal_move
    :parameters (?m ?p ?pc)
    :precondition (and (illegal-move-detected ?m) (player ?p) (piece ?pc))
    :effect (and (legal-move-available ?p)
                 (not (illegal-move-detected ?m))))

  (:action handle_missed_illegal_move
    :parameters (?m ?s ?p)
    :precondition (and (illegal-move-detected ?m) (game-continued-after-illegal ?m))
    :effect (and (penalty-enforced ?p)
                 (not (game-continued-after-illegal ?m))))
)
