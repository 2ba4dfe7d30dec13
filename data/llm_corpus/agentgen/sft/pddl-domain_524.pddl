(define (domain gardening-workshop-document)
  (:requirements :strips)
  (:types
    section
    content
    image
    formatting
  )
  (:predicates
    (section-exists ?s - section)
    (unique-title ?s - section)
    (space-available)
    (relevant-image ?i - image ?s - section)
    (content-unformatted ?s - section)
  )

  (:action CreateSection
    :parameters (?s - section ?c - content)
    :precondition (and (unique-title ?s) (space-available))
    :effect (and (section-exists ?s) (not (space-available)))
  )

  (:action AddImage
    :parameters (?s - section ?i - image)
    :precondition (and (section-exists ?s) (relevant-image ?i ?s))
    :effect (and (relevant-image ?i ?s)) ; Assuming the effect is to confirm the image is relevant to the section.
  )

  (:action FormatSection
    :parameters (?s - section ?style - formatting)
    :precondition (and (section-exists ?s) (content-unformatted ?s))
    :effect (not (content-unformatted ?s))
  )
)
