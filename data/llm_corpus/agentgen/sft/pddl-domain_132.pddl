(define (domain halloween-decorations)
  (:requirements :strips :typing)
  (:types decoration materials sustainability design aesthetic lighting atmosphere)
  (:predicates
    (potential-decoration ?d - decoration)
    (knows-recyclable-materials)
    (materials-selected ?d - decoration)
    (theme-chosen ?d - decoration)
    (design-ready ?d - decoration)
    (can-be-enhanced-with-lighting ?d - decoration)
    (lighting-implemented ?d - decoration)
    (safe ?m - materials)
    (environmentally-friendly ?m - materials)
    (visually-appealing ?d - decoration)
    (aligned-with-theme ?d - decoration)
    (enhanced-atmosphere ?d - decoration)
  )

  (:action selectmaterials
    :parameters (?d - decoration ?m - materials ?s - sustainability)
    :precondition (and (potential-decoration ?d) (knows-recyclable-materials))
    :effect (and (materials-selected ?d) (safe ?m) (environmentally-friendly ?m))
  )

  (:action designdecoration
    :parameters (?d - decoration ?de - design ?a - aesthetic)
    :precondition (and (materials-selected ?d) (theme-chosen ?d))
    :effect (and (design-ready ?d) (visually-appealing ?d) (aligned-with-theme ?d))
  )

  (:action implementlighting
    :parameters (?d - decoration ?l - lighting ?at - atmosphere)
    :precondition (and (design-ready ?d) (can-be-enhanced-with-lighting ?d))
    :effect (and (lighting-implemented ?d) (enhanced-atmosphere ?d))
  )
)
