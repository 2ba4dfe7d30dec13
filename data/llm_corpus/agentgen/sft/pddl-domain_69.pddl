(define (domain beach-day-out)
  (:requirements :strips :typing)
  (:types family home beach_bag computer)
  (:predicates
    (at-home ?f - family)
    (at-beach ?f - family)
    (has-computer ?h - home)
    (has-beach-bag ?h - home)
    (uv-index-checked ?h - home ?f - family)
    (sun-protection-packed ?h - home ?f - family ?b - beach_bag)
    (initial-sunscreen-applied ?f - family)
    (sunscreen-in-bag ?b - beach_bag)
    (needs-reapplication ?f - family)
  )

  (:action research_uv_index
    :parameters (?h - home ?f - family ?c - computer)
    :precondition (and (at-home ?f) (has-computer ?h))
    :effect (uv-index-checked ?h ?f)
  )

  (:action pack_sun_protection
    :parameters (?h - home ?f - family ?b - beach_bag)
    :precondition (and (uv-index-checked ?h ?f) (has-beach-bag ?h))
    :effect (and (sun-protection-packed ?h ?f ?b) (sunscreen-in-bag ?b))
  )

  (:action apply_sunscreen
    :parameters (?h - home ?f - family ?b - beach_bag) ; Corrected to include ?b as a parameter
    :precondition (and (at-home ?f) (sun-protection-packed ?h ?f ?b))
    :effect (initial-sunscreen-applied ?f)
  )

  (:action reapply_sunscreen
    :parameters (?b - beach_bag ?f - family) ; Corrected to remove duplicate and incorrect parameter
    :precondition (and (at-beach ?f) (sunscreen-in-bag ?b) (initial-sunscreen-applied ?f))
    :effect (needs-reapplication ?f)
  )
)
