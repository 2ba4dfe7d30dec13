(define (domain storytelling)
  (:requirements :strips)
  (:predicates (logical-flow ?s1 ?s2)
               (fits-theme ?line)
               (is-italic ?line)
               (from-song ?line ?song)
               (narrative-advanced ?s)
               (narrative-enriched ?line))

  (:action write
    :parameters (?s1 ?s2)
    :precondition (logical-flow ?s1 ?s2)
    :effect (narrative-advanced ?s2))

  (:action insertLyric
    :parameters (?line ?song)
    :precondition (and (from-song ?line ?song) (fits-theme ?line) (is-italic ?line))
    :effect (narrative-enriched ?line))
)
