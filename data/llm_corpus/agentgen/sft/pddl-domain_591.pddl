(define (domain sustainable-transport)
  (:requirements :strips :typing)
  (:types vehicle fuel_source technology - object)

  (:predicates
    (abundantly-available ?f - fuel_source)
    (sustainable ?f - fuel_source)
    (clean-burning ?f - fuel_source)
    (compatible ?v - vehicle ?f - fuel_source)
    (efficient ?f - fuel_source)
    (environmentally-friendly ?f - fuel_source)
    (adaptable-tech ?t - technology ?v - vehicle)
    (enhances-performance ?t - technology ?v - vehicle)
    (does-not-negate-benefits ?t - technology ?v - vehicle)
    (vehicle-developed ?v - vehicle)
    (vehicle-converted ?v - vehicle)
    (jet-propulsion-implemented ?v - vehicle)
  )

  (:action develop
    :parameters (?v - vehicle ?f - fuel_source)
    :precondition (and (abundantly-available ?f) (sustainable ?f) (clean-burning ?f))
    :effect (and (vehicle-developed ?v) (environmentally-friendly ?f))
  )

  (:action convert
    :parameters (?v - vehicle ?f - fuel_source)
    :precondition (and (compatible ?v ?f) (efficient ?f) (environmentally-friendly ?f))
    :effect (and (vehicle-converted ?v) (environmentally-friendly ?f))
  )

  (:action implement
    :parameters (?t - technology ?v - vehicle)
    :precondition (and (adaptable-tech ?t ?v) (enhances-performance ?t ?v) (does-not-negate-benefits ?t ?v))
    :effect (jet-propulsion-implemented ?v)
  )
)
