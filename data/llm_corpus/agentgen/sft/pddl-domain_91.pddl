(define (domain public-awareness-campaign)
  (:requirements :strips :typing) ; Confirming that typing is required
  (:types platform material subject location forum audience) ; Defining types
  (:predicates
    (wide-audience ?p - platform)
    (appropriate-material ?m - material ?s - subject)
    (awareness-raised ?s - subject)
    (location-suitable ?l - location)
    (forum-type-conducive ?f - forum)
    (audience-represented ?a - audience)
    (engagement-successful ?s - subject)
  )

  (:action createInformativeMaterials
    :parameters (?p - platform ?m - material ?s - subject)
    :precondition (and (wide-audience ?p) (appropriate-material ?m ?s))
    :effect (awareness-raised ?s)
  )

  (:action organizeCommunityForum
    :parameters (?l - location ?f - forum ?a - audience ?s - subject)
    :precondition (and (location-suitable ?l) (forum-type-conducive ?f) (audience-represented ?a))
    :effect (engagement-successful ?s)
  )
)
