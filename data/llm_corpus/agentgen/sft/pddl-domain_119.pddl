(define (domain writing-workshop)
  (:requirements :strips)
  (:predicates
    (studied_genre_contrasts ?author)
    (drafted_story_idea ?author)
    (received_feedback ?author)
    (story_completed ?author)
    (at ?author ?location)
    (has ?author ?computer)
    (accessible ?community_board ?location)
    (contains ?location ?books)
  )

  (:action study_genre_contrasts
    :parameters (?location ?author ?books)
    :precondition (and (at ?author ?location) (contains ?location ?books))
    :effect (studied_genre_contrasts ?author)
  )

  (:action draft_story_idea
    :parameters (?location ?author ?computer)
    :precondition (and (at ?author ?location) (has ?author ?computer) (studied_genre_contrasts ?author))
    :effect (drafted_story_idea ?author)
  )

  (:action seek_feedback
    :parameters (?location ?community_board ?author ?story_idea)
    :precondition (and (at ?author ?location) (accessible ?community_board ?location) (drafted_story_idea ?author))
    :effect (received_feedback ?author)
  )

  (:action write_story
    :parameters (?location ?author ?computer ?feedback)
    :precondition (and (at ?author ?location) (has ?author ?computer) (drafted_story_idea ?author) (received_feedback ?author))
    :effect (story_completed ?author)
  )
)
