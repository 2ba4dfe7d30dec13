(define (domain network-optimization)
  (:requirements :strips :typing)
  (:types engineer data_center location servers)
  (:predicates
    (administrative-access ?e - engineer ?dc - data_center)
    (anycast-deployed ?dc - data_center)
    (traffic-monitored ?dc - data_center)
    (location ?l - location)
    (data_center ?dc - data_center)
    (engineer ?e - engineer)
    (servers ?s - servers)
  )

  (:action deploy_anycast_routing
    :parameters (?l - location ?dc - data_center ?e - engineer ?s - servers)
    :precondition (and (location ?l) (data_center ?dc) (engineer ?e) (servers ?s)
                       (administrative-access ?e ?dc))
    :effect (and (anycast-deployed ?dc)
                 (not (administrative-access ?e ?dc))))

  (:action monitor_traffic_distribution
    :parameters (?l - location ?dc - data_center ?e - engineer ?s - servers)
    :precondition (and (location ?l) (data_center ?dc) (engineer ?e) (servers ?s)
                       (anycast-deployed ?dc))
    :effect (traffic-monitored ?dc))

  (:action optimize_server_load
    :parameters (?l - location ?dc - data_center ?e - engineer ?s - servers)
    :precondition (and (location ?l) (data_center ?dc) (engineer ?e) (servers ?s)
                       (traffic-monitored ?dc))
    :effect (and (not (anycast-deployed ?dc))
                 (not (traffic-monitored ?dc))))
)
