(define (domain orthodontic-clinic)
  (:requirements :strips :typing)
  (:types
    patient station
  )
  (:predicates
    (at ?p - patient ?s - station)
    (connected ?s1 - station ?s2 - station)
    (is-consultation-room ?s - station)
    (is-adjustment-room ?s - station)
    (is-waiting-area ?s - station)
    (is-exit ?s - station)
  )

  (:action assess
    :parameters (?p - patient ?from_stn - station ?to_stn - station)
    :precondition (and (at ?p ?from_stn) 
                       (connected ?from_stn ?to_stn) 
                       (is-consultation-room ?to_stn) 
                       (not (is-adjustment-room ?from_stn))
                       (not (is-exit ?from_stn)))
    :effect (and (at ?p ?to_stn)
                 (not (at ?p ?from_stn))
                 (not (is-waiting-area ?from_stn))))

  (:action adjust
    :parameters (?p - patient ?from_stn - station ?to_stn - station)
    :precondition (and (at ?p ?from_stn) 
                       (connected ?from_stn ?to_stn) 
                       (is-adjustment-room ?to_stn) 
                       (is-consultation-room ?from_stn)
                       (not (is-exit ?from_stn)))
    :effect (and (at ?p ?to_stn)
                 (not (at ?p ?from_stn))
                 (not (is-consultation-room ?from_stn))))
)
