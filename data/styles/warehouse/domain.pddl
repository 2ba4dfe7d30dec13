;; Written for agentgen-sym's gold readings (issue 53); no outside source.
; A warehouse in the style of a user's own domain: a forklift as first parameter, hyphenated names
; (forklift-at, forks-free, drive-to), names ending in -to/-from/-into, a verb relation (fits), a conditional
; effect in a forall (a held pallet travels with the forklift) and a negative precondition (a blocked zone).
(define (domain warehouse)
  (:requirements :strips :typing :negative-preconditions :conditional-effects)
  (:types forklift pallet zone)
  (:predicates (forklift-at ?f - forklift ?z - zone) (pallet-at ?p - pallet ?z - zone)
               (holds ?f - forklift ?p - pallet) (forks-free ?f - forklift) (fits ?p - pallet ?z - zone)
               (stored ?p - pallet) (blocked ?z - zone))
  (:action drive-to
    :parameters (?f - forklift ?from - zone ?to - zone)
    :precondition (and (forklift-at ?f ?from) (not (blocked ?to)))
    :effect (and (forklift-at ?f ?to) (not (forklift-at ?f ?from))
                 (forall (?p - pallet) (when (holds ?f ?p) (and (pallet-at ?p ?to) (not (pallet-at ?p ?from)))))))
  (:action lift-from
    :parameters (?f - forklift ?p - pallet ?z - zone)
    :precondition (and (forklift-at ?f ?z) (pallet-at ?p ?z) (forks-free ?f))
    :effect (and (holds ?f ?p) (not (forks-free ?f)) (not (stored ?p))))
  (:action store-into
    :parameters (?f - forklift ?p - pallet ?z - zone)
    :precondition (and (forklift-at ?f ?z) (holds ?f ?p) (pallet-at ?p ?z) (fits ?p ?z))
    :effect (and (stored ?p) (forks-free ?f) (not (holds ?f ?p))))
  (:action set-down
    :parameters (?f - forklift ?p - pallet ?z - zone)
    :precondition (and (forklift-at ?f ?z) (holds ?f ?p) (pallet-at ?p ?z))
    :effect (and (forks-free ?f) (not (holds ?f ?p)))))
