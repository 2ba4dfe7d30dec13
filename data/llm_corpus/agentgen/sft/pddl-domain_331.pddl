(define (domain PunPlay)
  (:requirements :strips :typing)
  (:types cat content_id reaction_type comment_text)

  (:predicates
    (content-submitted ?c - content_id ?cat - cat)
    (content-visible ?c - content_id)
    (reaction-received ?c - content_id ?r - reaction_type)
    (comment-posted ?c - content_id ?ct - comment_text)
    (valid-category-for ?c - content_id ?cat - cat)
    (adheres-to-guidelines ?r - reaction_type)
    (adheres-to-guidelines ?ct - comment_text)
  )

  (:action submit
    :parameters (?cat - cat ?c - content_id)
    :precondition (valid-category-for ?c ?cat)
    :effect (and
      (content-submitted ?c ?cat)
      (content-visible ?c)
    )
  )

  (:action react
    :parameters (?c - content_id ?r - reaction_type)
    :precondition (and
      (content-visible ?c)
      (adheres-to-guidelines ?r)
    )
    :effect (reaction-received ?c ?r)
  )

  (:action comment
    :parameters (?c - content_id ?ct - comment_text)
    :precondition (and
      (content-visible ?c)
      (adheres-to-guidelines ?ct)
    )
    :effect (comment-posted ?c ?ct)
  )
)
