(define (domain GeoX-exploration)
  (:requirements :strips)
  (:types biome)
  (:predicates
    (at ?b - biome)
    (connected ?b1 - biome ?b2 - biome)
    (is-base-camp ?b - biome)
    (is-lake ?b - biome)
    (is-forest ?b - biome)
  )

  (:action explore
    :parameters (?from - biome ?to - biome)
    :precondition (and (at ?from)
                       (connected ?from ?to)
                       (not (is-base-camp ?to))
                       (not (is-lake ?from)))
    :effect (and (at ?to)
                 (not (at ?from))))

  (:action collect_samples
    :parameters (?from - biome ?to - biome)
    :precondition (and (at ?from)
                       (connected ?from ?to)
                       (is-base-camp ?to)
                       (not (is-forest ?from)))
    :effect (and (at ?to)
                 (not (at ?from))))
)
