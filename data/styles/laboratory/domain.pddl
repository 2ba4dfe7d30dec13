;; Written for agentgen-sym's gold readings (issue 53); no outside source.
; A laboratory in the style of a user's own domain: a technician as first parameter, glued names
; (technicianat, samplein, vialon), a three-argument relation ending in -into (mixes-into), a verb relation
; (needs), hyphenated names ending in -to/-into, a negative precondition (a vial not contaminated).
(define (domain laboratory)
  (:requirements :strips :typing :negative-preconditions)
  (:types technician sample vial bench instrument)
  (:predicates (technicianat ?t - technician ?b - bench) (vialon ?v - vial ?b - bench)
               (samplein ?s - sample ?v - vial) (mixes-into ?a - sample ?b - sample ?c - sample)
               (contaminated ?v - vial) (labelled ?v - vial) (needs ?s - sample ?i - instrument)
               (instrumenton ?i - instrument ?b - bench) (analysed ?s - sample))
  (:action walk
    :parameters (?t - technician ?from - bench ?to - bench)
    :precondition (technicianat ?t ?from)
    :effect (and (technicianat ?t ?to) (not (technicianat ?t ?from))))
  (:action carry-vial-to
    :parameters (?t - technician ?v - vial ?from - bench ?to - bench)
    :precondition (and (technicianat ?t ?from) (vialon ?v ?from))
    :effect (and (technicianat ?t ?to) (vialon ?v ?to) (not (technicianat ?t ?from)) (not (vialon ?v ?from))))
  (:action pour-into
    :parameters (?t - technician ?s - sample ?from - vial ?to - vial ?b - bench)
    :precondition (and (technicianat ?t ?b) (vialon ?from ?b) (vialon ?to ?b) (samplein ?s ?from)
                       (not (contaminated ?to)))
    :effect (and (samplein ?s ?to) (not (samplein ?s ?from))))
  (:action mix
    :parameters (?t - technician ?a - sample ?b - sample ?c - sample ?v - vial ?bench - bench)
    :precondition (and (technicianat ?t ?bench) (vialon ?v ?bench) (samplein ?a ?v) (samplein ?b ?v)
                       (mixes-into ?a ?b ?c))
    :effect (and (samplein ?c ?v) (not (samplein ?a ?v)) (not (samplein ?b ?v))))
  (:action label
    :parameters (?t - technician ?v - vial ?b - bench)
    :precondition (and (technicianat ?t ?b) (vialon ?v ?b) (not (labelled ?v)))
    :effect (labelled ?v))
  (:action analyse
    :parameters (?t - technician ?s - sample ?v - vial ?i - instrument ?b - bench)
    :precondition (and (technicianat ?t ?b) (vialon ?v ?b) (samplein ?s ?v) (labelled ?v) (needs ?s ?i)
                       (instrumenton ?i ?b))
    :effect (analysed ?s)))
