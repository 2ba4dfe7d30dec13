(define (domain artificial-moon-mission)
  (:requirements :strips)
  (:types mission-plan satellite launch-vehicle orbit earth-response object)

  (:predicates
    (sufficient-knowledge)
    (mission-plan-ready ?mp - mission-plan)
    (satellite-prepared ?s - satellite)
    (launch-vehicle-prepared ?lv - launch-vehicle)
    (orbit-calculated ?o - orbit)
    (satellite-in-orbit ?s - satellite ?o - orbit)
    (equipped-with-sensors ?s - satellite)
    (data-analysis-ready)
    (data-collected ?s - satellite)
  )

  (:action design
    :parameters (?mp - mission-plan ?s - satellite)
    :precondition (sufficient-knowledge)
    :effect (mission-plan-ready ?mp)
  )

  (:action launch
    :parameters (?s - satellite ?lv - launch-vehicle ?o - orbit)
    :precondition (and (satellite-prepared ?s) (launch-vehicle-prepared ?lv) (orbit-calculated ?o))
    :effect (and (satellite-in-orbit ?s ?o)
                 (not (satellite-prepared ?s))
                 (not (launch-vehicle-prepared ?lv)))
  )

  (:action monitor
    :parameters (?s - satellite ?o - orbit ?er - earth-response)
    :precondition (and (satellite-in-orbit ?s ?o) (equipped-with-sensors ?s) (data-analysis-ready))
    :effect (data-collected ?s)
  )
)
