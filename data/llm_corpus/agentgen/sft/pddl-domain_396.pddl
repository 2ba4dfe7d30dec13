(define (domain party-planning)
  (:requirements :strips)
  (:predicates
    (guest-list-created ?host)
    (invitations-designed ?host)
    (invitations-sent ?host)
    (rsvps-received ?host)
  )

  (:action create_guest_list
    :parameters (?host)
    :precondition (and)
    :effect (guest-list-created ?host)
  )

  (:action design_invitations
    :parameters (?host)
    :precondition (guest-list-created ?host)
    :effect (invitations-designed ?host)
  )

  (:action send_invitations
    :parameters (?host)
    :precondition (invitations-designed ?host)
    :effect (invitations-sent ?host)
  )

  (:action receive_rsvps
    :parameters (?host)
    :precondition (invitations-sent ?host)
    :effect (rsvps-received ?host)
  )
)
