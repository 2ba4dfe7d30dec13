(define (domain tiktok-marketing)
  (:requirements :strips)
  (:types content_type demographic influencer content - object)

  (:predicates
    (aligns-with-brand ?ct - content_type)
    (targets ?ct - content_type ?d - demographic)
    (influencer-audience-aligns ?i - influencer ?d - demographic)
    (content-created ?c - content)
    (content-type ?c - content ?ct - content_type)
    (engagement-fatigue ?d - demographic)
    (unique-content ?c - content)
    (value-to-audience ?c - content)
    (engagement-increased ?d - demographic)
    (awareness-increased ?d - demographic)
    (feedback-analyzed ?c - content)
  )

  (:action create_video
    :parameters (?ct - content_type ?d - demographic ?c - content)
    :precondition (and (aligns-with-brand ?ct) (targets ?ct ?d) (not (engagement-fatigue ?d)) (unique-content ?c) (value-to-audience ?c))
    :effect (and (content-created ?c) (content-type ?c ?ct) (engagement-increased ?d) (awareness-increased ?d))
  )

  (:action collaborate
    :parameters (?i - influencer ?ct - content_type ?d - demographic ?c - content)
    :precondition (and (influencer-audience-aligns ?i ?d) (aligns-with-brand ?ct) (targets ?ct ?d) (unique-content ?c) (value-to-audience ?c))
    :effect (and (content-created ?c) (content-type ?c ?ct) (engagement-increased ?d) (awareness-increased ?d))
  )

  (:action analyze_feedback
    :parameters (?c - content)
    :precondition (content-created ?c)
    :effect (feedback-analyzed ?c)
  )
)
