(define (domain smart-city-transport)
  (:requirements :strips :typing)
  (:types transport_mode zone condition reason event - object)

  (:predicates
    (route ?tm - transport_mode ?sz - zone ?ez - zone)
    (schedule ?tm - transport_mode ?z - zone ?s - object)
    (condition-affects-route ?c - condition ?sz - zone ?ez - zone)
    (reason-affects-schedule ?r - reason ?z - zone)
    (event-in-zone ?e - event ?z - zone)
    (services-insufficient ?tm - transport_mode ?z - zone)
    (optimized-route ?tm - transport_mode ?sz - zone ?ez - zone ?c - condition)
    (updated-schedule ?tm - transport_mode ?z - zone ?ns - object)
    (additional-services-deployed ?tm - transport_mode ?z - zone ?e - event)
  )

  (:action adjust_route
    :parameters (?tm - transport_mode ?sz - zone ?ez - zone ?c - condition)
    :precondition (and (route ?tm ?sz ?ez) (condition-affects-route ?c ?sz ?ez))
    :effect (and (optimized-route ?tm ?sz ?ez ?c)
                 (not (route ?tm ?sz ?ez))))

  (:action update_schedule
    :parameters (?tm - transport_mode ?z - zone ?ns - object ?r - reason ?s - object)
    :precondition (and (schedule ?tm ?z ?s) (reason-affects-schedule ?r ?z))
    :effect (and (updated-schedule ?tm ?z ?ns)
                 (not (schedule ?tm ?z ?s))))

  (:action deploy_additional_services
    :parameters (?tm - transport_mode ?z - zone ?e - event)
    :precondition (and (event-in-zone ?e ?z) (services-insufficient ?tm ?z))
    :effect (additional-services-deployed ?tm ?z ?e))
)
