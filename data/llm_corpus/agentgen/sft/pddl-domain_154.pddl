(define (domain city-network-optimization)
  (:requirements :strips)
  (:types
    city-network
    connection-costs
    constraints
    feedback
    algorithm)
  (:predicates
    (city-network ?cn - city-network)
    (connection-costs ?cc - connection-costs)
    (constraints ?ct - constraints)
    (feedback ?fb - feedback)
    (algorithm ?alg - algorithm)
    (minimum-spanning-tree-calculated ?cn - city-network)
    (network-layout-optimized ?cn - city-network)
    (algorithm-refined ?alg - algorithm))

  (:action compute_minimum_spanning_tree
    :parameters (?cn - city-network ?cc - connection-costs)
    :precondition (and (city-network ?cn) (connection-costs ?cc))
    :effect (minimum-spanning-tree-calculated ?cn))

  (:action optimize_network_layout
    :parameters (?cn - city-network ?ct - constraints)
    :precondition (and (city-network ?cn) (constraints ?ct))
    :effect (network-layout-optimized ?cn))

  (:action refine_algorithm
    :parameters (?fb - feedback ?alg - algorithm)
    :precondition (and (feedback ?fb) (algorithm ?alg))
    :effect (algorithm-refined ?alg))
)
