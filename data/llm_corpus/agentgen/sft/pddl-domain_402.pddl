(define (domain community-health-education)
  (:requirements :strips)
  (:predicates
    (has-information)
    (community-informed)
    (venue-secured)
    (workshop-advertised)
    (resources-arranged)
    (workshop-conducted)
    (team-trained)
    (hotline-established)
    (hotline-advertised)
  )

  (:action create-educational-material
    :parameters (?material - object ?dangers - object ?tips - object)
    :precondition (has-information)
    :effect (community-informed)
  )

  (:action organize-workshop
    :parameters (?workshop - object ?members - object)
    :precondition (and (venue-secured) (workshop-advertised) (resources-arranged))
    :effect (workshop-conducted)
  )

  (:action establish-hotline
    :parameters (?hotline - object ?service - object)
    :precondition (and (team-trained) (hotline-advertised))
    :effect (hotline-established)
  )
)
