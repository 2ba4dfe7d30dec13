(define (domain virtual-book-launch)
  (:requirements :strips)
  (:types virtual_space book_section platform book_theme date book_discussion_points)
  (:predicates
    (virtual_space_available ?vs - virtual_space)
    (content_engaging ?p - platform)
    (read_up_to ?d - date ?p - book_discussion_points)
    (audience_captivated ?vs - virtual_space ?bs - book_section)
    (discussion_generated ?p - platform ?bt - book_theme)
    (community_fostered ?d - date ?bdp - book_discussion_points)
  )

  (:action host_virtual_reality_reading_sessions
    :parameters (?vs - virtual_space ?bs - book_section)
    :precondition (virtual_space_available ?vs)
    :effect (and (audience_captivated ?vs ?bs)
                 (not (virtual_space_available ?vs))))

  (:action create_interactive_social_media_content
    :parameters (?p - platform ?bt - book_theme)
    :precondition (content_engaging ?p)
    :effect (discussion_generated ?p ?bt))

  (:action organize_online_book_club_meetings
    :parameters (?d - date ?bdp - book_discussion_points)
    :precondition (read_up_to ?d ?bdp)
    :effect (community_fostered ?d ?bdp))
)
