(define (domain fantasy-adventure)
  (:requirements :strips)
  (:types loc character_type enemy_type)
  (:predicates
    (connected ?from - loc ?to - loc)
    (at ?loc - loc)
    (has-provisions)
    (natural-hazard ?loc - loc)
    (ally-at ?loc - loc ?character - character_type)
    (enemy-at ?loc - loc ?enemy - enemy_type)
    (ally ?character - character_type)
    (defeated ?enemy - enemy_type)
  )

  (:action travel
    :parameters (?from - loc ?to - loc)
    :precondition (and (at ?from) (connected ?from ?to) (has-provisions) (not (natural-hazard ?to)))
    :effect (and (at ?to) (not (at ?from)))
  )

  (:action recruit
    :parameters (?loc - loc ?character - character_type)
    :precondition (and (at ?loc) (ally-at ?loc ?character))
    :effect (ally ?character)
  )

  (:action confront
    :parameters (?loc - loc ?enemy - enemy_type)
    :precondition (and (at ?loc) (enemy-at ?loc ?enemy))
    :effect (defeated ?enemy)
  )
)
