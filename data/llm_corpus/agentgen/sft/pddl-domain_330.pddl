(define (domain sneaker-campaign)
  (:requirements :strips :typing)
  (:types platform location audience_segment sneaker_feature date)

  (:predicates
    (accessible ?l - location)
    (interest_in ?a - audience_segment ?f - sneaker_feature)
    (opted_in ?a - audience_segment)
    (buzz_generated ?p - platform ?f - sneaker_feature)
    (engagement_created ?l - location ?f - sneaker_feature ?d - date)
    (leads_nurtured ?a - audience_segment ?f - sneaker_feature)
  )

  (:action launch_social_media_teasers
    :parameters (?p - platform ?f - sneaker_feature)
    :precondition (and)
    :effect (buzz_generated ?p ?f)
  )

  (:action organize_pop_up_events
    :parameters (?l - location ?f - sneaker_feature ?d - date)
    :precondition (accessible ?l)
    :effect (engagement_created ?l ?f ?d)
  )

  (:action send_personalized_emails
    :parameters (?a - audience_segment ?f - sneaker_feature)
    :precondition (and (interest_in ?a ?f) (opted_in ?a))
    :effect (leads_nurtured ?a ?f)
  )
)
