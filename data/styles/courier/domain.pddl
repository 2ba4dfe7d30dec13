; A courier in the style of a user's own domain (issue 53): a conditional effect (parcels in a vehicle travel
; with it), a load whose agent is the vehicle's driver, names ending in -to and -into.
(define (domain courier)
  (:requirements :strips :typing :conditional-effects :negative-preconditions)
  (:types driver parcel vehicle place)
  (:predicates (at ?p - parcel ?l - place) (vehicleat ?v - vehicle ?l - place) (in ?p - parcel ?v - vehicle)
               (drives ?d - driver ?v - vehicle) (fragile ?p - parcel) (padded ?v - vehicle) (delivered ?p - parcel))
  (:action load-into
    :parameters (?d - driver ?p - parcel ?v - vehicle ?l - place)
    :precondition (and (drives ?d ?v) (at ?p ?l) (vehicleat ?v ?l) (not (in ?p ?v)))
    :effect (in ?p ?v))
  (:action drive-to
    :parameters (?d - driver ?v - vehicle ?from - place ?to - place)
    :precondition (and (drives ?d ?v) (vehicleat ?v ?from))
    :effect (and (vehicleat ?v ?to) (not (vehicleat ?v ?from))
                 (forall (?p - parcel) (when (in ?p ?v) (and (at ?p ?to) (not (at ?p ?from)))))))
  (:action hand-over
    :parameters (?d - driver ?p - parcel ?v - vehicle ?l - place)
    :precondition (and (drives ?d ?v) (in ?p ?v) (at ?p ?l) (vehicleat ?v ?l))
    :effect (and (delivered ?p) (not (in ?p ?v)))))
